import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useFieldForm } from '../../lib/field-form';
import { forgotPassword } from './auth-api';
import { validateForgot } from './validation';
import { SubmitButton } from './submit-button';

/** "Forgot password": mails a link that sets a new one. */
export function ForgotForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(['auth']);
  const form = useFieldForm({ email: '' }, validateForgot);
  const { refs } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => refs.current.email?.focus(), 50);
    return () => clearTimeout(timer);
  }, [refs]);

  const send = () =>
    form.submit(async (v) => {
      await forgotPassword(v.email.trim());
      setSentTo(v.email.trim());
    });

  if (sentTo)
    return (
      <Result
        status="success"
        title={t('auth:forgot.sentTitle')}
        subTitle={t('auth:forgot.sent', { email: sentTo })}
        extra={<Button onClick={onBack}>{t('auth:forgot.back')}</Button>}
      />
    );
  const email = form.field('email');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <p className="mb-4 mt-0 text-sm text-white/50">{t('auth:forgot.intro')}</p>
      <Form.Item label={t('auth:fields.email')} htmlFor="forgot-email" {...email.item}>
        <Input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('auth:placeholders.email')}
          maxLength={254}
          size="large"
          {...email.input}
        />
      </Form.Item>
      <SubmitButton loading={form.submitting} testId="forgot-submit">
        {t('auth:forgot.submit')}
      </SubmitButton>
      <Button type="link" block className="mt-2" onClick={onBack}>
        {t('auth:forgot.back')}
      </Button>
    </Form>
  );
}
