import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useFieldForm } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import { phoneLogin, sendPhoneCode } from './auth-api';
import { completeSignIn, keptInviteCode } from './sign-in';
import { normalizePhone, validatePhoneCode } from './validation';
import { SubmitButton } from './submit-button';

interface Props {
  active: boolean;
  onDone: () => void;
}

const RESEND_SECONDS = 60;

/** Sign in, or sign up when the number is new, with a 6-digit code texted to the number. */
export function PhoneCodeForm({ active, onDone }: Props) {
  const { t } = useTranslation(['auth']);
  const form = useFieldForm({ phone: '', code: '' }, validatePhoneCode);
  const { refs } = form;
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => refs.current.phone?.focus(), 50);
    return () => clearTimeout(timer);
  }, [active, refs]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    const issues = validatePhoneCode(form.values, false);
    if (issues.phone) {
      form.setIssues(issues);
      refs.current.phone?.focus();
      return;
    }
    setSending(true);
    try {
      await sendPhoneCode(normalizePhone(form.values.phone));
      notify.success(t('auth:phoneCode.sent'));
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
      const { token, created } = await phoneLogin({
        phone: normalizePhone(v.phone),
        code: v.code.trim(),
        invitedBy: keptInviteCode(),
      });
      await completeSignIn(token, created ? 'auth:register.success' : 'auth:login.success');
      form.setValues({ phone: '', code: '' });
      onDone();
    });

  const phone = form.field('phone');
  const code = form.field('code');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <p className="mb-4 mt-0 text-sm text-white/50">{t('auth:phoneCode.intro')}</p>
      <Form.Item label={t('auth:fields.phone')} htmlFor="phone-number" {...phone.item}>
        <Input
          id="phone-number"
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder={t('auth:placeholders.phone')}
          maxLength={32}
          size="large"
          {...phone.input}
        />
      </Form.Item>
      <Form.Item label={t('auth:fields.code')} htmlFor="phone-code" {...code.item}>
        <Space.Compact className="w-full">
          <Input
            id="phone-code"
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
            data-testid="phone-code-send"
          >
            {wait > 0 ? t('auth:phoneCode.resendIn', { seconds: wait }) : t('auth:phoneCode.send')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <SubmitButton loading={form.submitting} testId="phone-code-submit">
        {t('auth:phoneCode.submit')}
      </SubmitButton>
    </Form>
  );
}
