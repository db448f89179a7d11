import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useFieldForm } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import { emailLogin, sendEmailCode } from './auth-api';
import { completeSignIn, keptInviteCode } from './sign-in';
import { validateEmailCode } from './validation';
import { SubmitButton } from './submit-button';

interface Props {
  active: boolean;
  onDone: () => void;
}

const RESEND_SECONDS = 60;

/** Sign in, or sign up when the address is new, with a 6-digit code mailed to the address. */
export function EmailCodeForm({ active, onDone }: Props) {
  const { t } = useTranslation(['auth']);
  const form = useFieldForm({ email: '', code: '' }, validateEmailCode);
  const { refs } = form;
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => refs.current.email?.focus(), 50);
    return () => clearTimeout(timer);
  }, [active, refs]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    const issues = validateEmailCode(form.values, false);
    if (issues.email) {
      form.setIssues(issues);
      refs.current.email?.focus();
      return;
    }
    setSending(true);
    try {
      await sendEmailCode(form.values.email.trim());
      notify.success(t('auth:emailCode.sent'));
      setWait(RESEND_SECONDS);
      refs.current.code?.focus();
    } catch (error) {
      form.fail(error);
    } finally {
      setSending(false);
    }
  };
  const send = () =>
    form.submit(async (v) => {
      const { token, created } = await emailLogin({
        email: v.email.trim(),
        code: v.code.trim(),
        invitedBy: keptInviteCode(),
      });
      await completeSignIn(token, created ? 'auth:register.success' : 'auth:login.success');
      form.setValues({ email: '', code: '' });
      onDone();
    });

  const email = form.field('email');
  const code = form.field('code');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <p className="mb-4 mt-0 text-sm text-white/50">{t('auth:emailCode.intro')}</p>
      <Form.Item label={t('auth:fields.email')} htmlFor="code-email" {...email.item}>
        <Input
          id="code-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('auth:placeholders.email')}
          maxLength={254}
          size="large"
          {...email.input}
        />
      </Form.Item>
      <Form.Item label={t('auth:fields.code')} htmlFor="code-code" {...code.item}>
        <Space.Compact className="w-full">
          <Input
            id="code-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('auth:placeholders.code')}
            maxLength={6}
            size="large"
            {...code.input}
          />
          <Button
            size="large"
            onClick={() => void sendCode()}
            loading={sending}
            disabled={wait > 0}
            data-testid="email-code-send"
          >
            {wait > 0 ? t('auth:emailCode.resendIn', { seconds: wait }) : t('auth:emailCode.send')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <SubmitButton loading={form.submitting} testId="email-code-submit">
        {t('auth:emailCode.submit')}
      </SubmitButton>
    </Form>
  );
}
