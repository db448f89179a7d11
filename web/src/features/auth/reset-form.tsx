import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useFieldForm } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import { resetPassword } from './auth-api';
import { validateReset } from './validation';
import { SubmitButton } from './submit-button';

/** Sets a new password with the token of a mailed link, then goes back to signing in. */
export function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation(['auth']);
  const form = useFieldForm({ password: '', confirm: '' }, validateReset);
  const { refs } = form;

  useEffect(() => {
    const timer = setTimeout(() => refs.current.password?.focus(), 50);
    return () => clearTimeout(timer);
  }, [refs]);

  const send = () =>
    form.submit(async (v) => {
      await resetPassword({ token, password: v.password });
      notify.success(t('auth:reset.success'));
      onDone();
    });

  const password = form.field('password');
  const confirm = form.field('confirm');
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} disabled={form.submitting}>
      <p className="mb-4 mt-0 text-sm text-white/50">{t('auth:reset.intro')}</p>
      <Form.Item label={t('auth:fields.newPassword')} htmlFor="reset-password" {...password.item}>
        <Input.Password
          id="reset-password"
          name="password"
          autoComplete="new-password"
          placeholder={t('auth:placeholders.newPassword')}
          maxLength={128}
          size="large"
          {...password.input}
        />
      </Form.Item>
      <Form.Item label={t('auth:fields.confirm')} htmlFor="reset-confirm" {...confirm.item}>
        <Input.Password
          id="reset-confirm"
          name="confirm"
          autoComplete="new-password"
          placeholder={t('auth:placeholders.confirm')}
          maxLength={128}
          size="large"
          {...confirm.input}
        />
      </Form.Item>
      <SubmitButton loading={form.submitting} testId="reset-submit">
        {t('auth:reset.submit')}
      </SubmitButton>
    </Form>
  );
}
