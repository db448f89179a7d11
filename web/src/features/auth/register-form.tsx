import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { register } from './auth-api';
import { useFieldForm } from '../../lib/field-form';
import { completeSignIn, keptInviteCode } from './sign-in';
import { PASSWORD_MAX, USERNAME_MAX, validateRegister } from './validation';
import { SubmitButton } from './submit-button';

interface Props {
  /** True while this form is the one on screen: it then takes the focus. */
  active: boolean;
  /** `register`: the sign-up tab; `bind`: a guest choosing a username (no email asked). */
  purpose: 'register' | 'bind';
  onDone: () => void;
}

const empty = { username: '', email: '', password: '', confirm: '' };

/**
 * Create an account. Called while a guest, the server hands the guest's chats, works and
 * credits over to the new account, which is also how a guest binds a username.
 */
export function RegisterForm({ active, purpose, onDone }: Props) {
  const { t } = useTranslation(['auth']);
  const form = useFieldForm(empty, validateRegister);
  const { refs } = form;
  const id = (name: string) => `${purpose}-${name}`;

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => refs.current.username?.focus(), 50);
    return () => clearTimeout(timer);
  }, [active, refs]);

  const send = () =>
    form.submit(async (v) => {
      const email = v.email.trim();
      const { token } = await register({
        username: v.username.trim(),
        password: v.password,
        ...(email ? { email } : {}),
        ...(keptInviteCode() ? { invitedBy: keptInviteCode() } : {}),
      });
      await completeSignIn(
        token,
        purpose === 'bind' ? 'auth:bind.success' : 'auth:register.success',
      );
      form.setValues(empty);
      onDone();
    });

  const username = form.field('username');
  const email = form.field('email');
  const password = form.field('password');
  const confirm = form.field('confirm');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <Form.Item
        label={t('auth:fields.username')}
        htmlFor={id('username')}
        extra={username.item.help ? undefined : t('auth:hints.username')}
        {...username.item}
      >
        <Input
          id={id('username')}
          name="username"
          autoComplete="username"
          placeholder={t('auth:placeholders.username')}
          maxLength={USERNAME_MAX + 8}
          size="large"
          {...username.input}
        />
      </Form.Item>
      {purpose === 'register' && (
        <Form.Item label={t('auth:fields.emailOptional')} htmlFor={id('email')} {...email.item}>
          <Input
            id={id('email')}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('auth:placeholders.email')}
            maxLength={254}
            size="large"
            {...email.input}
          />
        </Form.Item>
      )}
      <Form.Item label={t('auth:fields.password')} htmlFor={id('password')} {...password.item}>
        <Input.Password
          id={id('password')}
          name="new-password"
          autoComplete="new-password"
          placeholder={t('auth:placeholders.newPassword')}
          maxLength={PASSWORD_MAX}
          size="large"
          {...password.input}
        />
      </Form.Item>
      <Form.Item label={t('auth:fields.confirm')} htmlFor={id('confirm')} {...confirm.item}>
        <Input.Password
          id={id('confirm')}
          name="confirm-password"
          autoComplete="new-password"
          placeholder={t('auth:placeholders.confirm')}
          maxLength={PASSWORD_MAX}
          size="large"
          {...confirm.input}
        />
      </Form.Item>
      <SubmitButton loading={form.submitting} testId={`${purpose}-submit`}>
        {purpose === 'bind' ? t('auth:bind.submit') : t('auth:register.submit')}
      </SubmitButton>
    </Form>
  );
}
