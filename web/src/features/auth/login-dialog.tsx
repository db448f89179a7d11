import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { EmailCodeForm } from './email-code-form';
import { PhoneCodeForm } from './phone-code-form';
import { wechatTab } from './wechat-qr';
import { OidcButtons } from './oidc-buttons';
import { PasskeyButton } from './passkey-button';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { useOfferedWays } from './offered-ways';
import { RegisterForm } from './register-form';
import { ResetForm } from './reset-form';
import { pendingResetToken, useResetToken } from './reset-link';

type Tab = 'login' | 'code' | 'phone' | 'wechat' | 'register';
/** What the dialog shows instead of its tabs: "forgot password", or a mailed reset link. */
type Page = { kind: 'tabs' } | { kind: 'forgot' } | { kind: 'reset'; token: string };

/**
 * The login dialog (flag `login`): sign-in, emailed-code, texted-code, WeChat scan and sign-up
 * tabs (the code and scan tabs only where the site offers them); typed values survive errors.
 */
export default function LoginDialog() {
  const { t } = useTranslation(['auth']);
  const open = useDialogs((s) => s.flags.login);
  const isGuest = useAuthStore((s) => !isSignedIn(s) && !!s.userInfo);
  const [tab, setTab] = useState<Tab>('login');
  const [page, setPage] = useState<Page>({ kind: 'tabs' });
  const email = useOfferedWays((s) => s.email);
  const phone = useOfferedWays((s) => s.phone);
  const wechat = useOfferedWays((s) => s.wechat);
  const offered = { login: true, code: email, phone, wechat, register: true };
  const close = () => useDialogs.getState().close('login');

  const resetToken = useResetToken((s) => s.token);
  useEffect(() => {
    if (!open || !resetToken) return;
    const token = pendingResetToken();
    if (token) setPage({ kind: 'reset', token });
  }, [open, resetToken]);

  const backToSignIn = () => {
    setPage({ kind: 'tabs' });
    setTab('login');
  };

  const title =
    page.kind === 'forgot'
      ? t('auth:forgot.title')
      : page.kind === 'reset'
        ? t('auth:reset.title')
        : t('auth:dialogTitle');

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={420}
      centered
      title={title}
      styles={{ body: { paddingTop: 4 } }}
    >
      {page.kind === 'forgot' && <ForgotForm onBack={backToSignIn} />}
      {page.kind === 'reset' && <ResetForm token={page.token} onDone={backToSignIn} />}
      {page.kind === 'tabs' && (
        <Tabs
          activeKey={offered[tab] ? tab : 'login'}
          onChange={(key) => setTab(key as Tab)}
          centered
          items={[
            {
              key: 'login',
              label: t('auth:login.tab'),
              children: (
                <>
                  <LoginForm active={open && tab === 'login'} onDone={close} />
                  {email && (
                    <Button
                      type="link"
                      block
                      className="mt-2"
                      onClick={() => setPage({ kind: 'forgot' })}
                      data-testid="login-forgot"
                    >
                      {t('auth:login.forgot')}
                    </Button>
                  )}
                </>
              ),
            },
            ...(email
              ? [
                  {
                    key: 'code',
                    label: t('auth:emailCode.tab'),
                    children: <EmailCodeForm active={open && tab === 'code'} onDone={close} />,
                  },
                ]
              : []),
            ...(phone
              ? [
                  {
                    key: 'phone',
                    label: t('auth:phoneCode.tab'),
                    children: <PhoneCodeForm active={open && tab === 'phone'} onDone={close} />,
                  },
                ]
              : []),
            ...(wechat ? [wechatTab(t('auth:wechat.tab'), open && tab === 'wechat', close)] : []),
            {
              key: 'register',
              label: t('auth:register.tab'),
              children: (
                <>
                  {isGuest && (
                    <p className="mb-4 mt-0 text-sm text-white/50">
                      {t('auth:register.guestNote')}
                    </p>
                  )}
                  <RegisterForm
                    purpose="register"
                    active={open && tab === 'register'}
                    onDone={close}
                  />
                </>
              ),
            },
          ]}
        />
      )}
      {page.kind === 'tabs' && <PasskeyButton onDone={close} />}
      {page.kind === 'tabs' && <OidcButtons />}
    </Modal>
  );
}
