import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { changePassword } from './user-api';
import { PASSWORD_MAX, validatePasswordChange } from './validation';

/** Signs this browser out after a password change and asks for the new password. */
function signOutForNewPassword(): void {
  const store = useAuthStore.getState();
  store.removeToken();
  useAuthStore.setState({ userInfo: null, userBalance: null });
  store.openLoginDialog();
}

/** Password change: every session ends, so the token is cleared and the login dialog opens. */
export function PasswordForm() {
  const { t } = useTranslation(['user']);
  const form = useFieldForm({ oldPassword: '', password: '', confirm: '' }, validatePasswordChange);

  const send = () =>
    form.submit(async (v) => {
      await changePassword({ oldPassword: v.oldPassword, password: v.password });
      form.setValues({ oldPassword: '', password: '', confirm: '' });
      notify.success(t('user:password.success'));
      signOutForNewPassword();
    });

  const fields = {
    oldPassword: form.field('oldPassword'),
    password: form.field('password'),
    confirm: form.field('confirm'),
  };
  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} className="max-w-md pt-2">
      <p className="mb-4 mt-0 text-sm text-white/50">{t('user:password.note')}</p>
      <Form.Item label={t('user:password.old')} htmlFor="password-old" {...fields.oldPassword.item}>
        <Input.Password
          id="password-old"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...fields.oldPassword.input}
        />
      </Form.Item>
      <Form.Item label={t('user:password.new')} htmlFor="password-new" {...fields.password.item}>
        <Input.Password
          id="password-new"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...fields.password.input}
        />
      </Form.Item>
      <Form.Item
        label={t('user:password.confirm')}
        htmlFor="password-confirm"
        {...fields.confirm.item}
      >
        <Input.Password
          id="password-confirm"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...fields.confirm.input}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={form.submitting}>
        {t('user:password.submit')}
      </Button>
    </Form>
  );
}
