import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { logIn } from './auth-api';
import { useFieldForm } from '../../lib/field-form';
import { completeSignIn } from './sign-in';
import { useOfferedWays } from './offered-ways';
import { passkeyAutofill, stopPasskeyAutofill } from './passkey-api';

/** A sign-in challenge lives 5 minutes: the autofill request asks for a new one before that. */
const AUTOFILL_ROUND_MS = 4.5 * 60_000;
import { validateLogin } from './validation';
import { SubmitButton } from './submit-button';

interface Props {
  /** True while this form is the one on screen: it then takes the focus. */
  active: boolean;
  /**
   * Counts the dialog's openings: a closed dialog's content is not rendered again, so `active`
   * alone does not change across a close and a reopening; each opening begins a new autofill
   * request (the one of before was ended when the dialog closed).
   */
  opening?: number;
  onDone: () => void;
}

/**
 * Sign in with a username or email and the password; where the site offers passkeys and the
 * browser can, the username field's autofill also lists the site's passkeys (WebAuthn
 * conditional mediation), ended when the form leaves the screen or another way is used.
 */
export function LoginForm({ active, opening = 0, onDone }: Props) {
  const { t } = useTranslation(['auth']);
  const form = useFieldForm({ username: '', password: '' }, validateLogin);
  const { refs } = form;
  const passkey = useOfferedWays((s) => s.passkey);
  const [round, setRound] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!active || !passkey) return;
    passkeyAutofill()
      .then(async (token) => {
        if (!token) return;
        await completeSignIn(token, 'auth:login.success');
        done.current();
      })
      // The server's refusal was shown by the API client; a browser that cannot, says nothing.
      .catch(() => undefined);
    const next = setTimeout(() => setRound((r) => r + 1), AUTOFILL_ROUND_MS);
    return () => {
      clearTimeout(next);
      stopPasskeyAutofill();
    };
  }, [active, passkey, round, opening]);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => refs.current.username?.focus(), 50);
    return () => clearTimeout(timer);
  }, [active, refs]);

  const send = () =>
    form.submit(async (v) => {
      stopPasskeyAutofill();
      const { token } = await logIn({ username: v.username.trim(), password: v.password });
      await completeSignIn(token, 'auth:login.success');
      form.setValues({ username: '', password: '' });
      onDone();
    });

  const username = form.field('username');
  const password = form.field('password');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <Form.Item label={t('auth:fields.account')} htmlFor="login-username" {...username.item}>
        <Input
          id="login-username"
          name="username"
          autoComplete={passkey ? 'username webauthn' : 'username'}
          placeholder={t('auth:placeholders.account')}
          maxLength={254}
          size="large"
          {...username.input}
        />
      </Form.Item>
      <Form.Item label={t('auth:fields.password')} htmlFor="login-password" {...password.item}>
        <Input.Password
          id="login-password"
          name="password"
          autoComplete="current-password"
          placeholder={t('auth:placeholders.password')}
          maxLength={128}
          size="large"
          {...password.input}
        />
      </Form.Item>
      <SubmitButton loading={form.submitting} testId="login-submit">
        {t('auth:login.submit')}
      </SubmitButton>
    </Form>
  );
}
