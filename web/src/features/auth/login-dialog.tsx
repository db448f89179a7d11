import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Tab = 'login' | 'register';

/** The login dialog (flag `login`): sign-in and sign-up tabs; typed values survive errors. */
export default function LoginDialog() {
  const { t } = useTranslation(['auth']);
  const open = useDialogs((s) => s.flags.login);
  const isGuest = useAuthStore((s) => !isSignedIn(s) && !!s.userInfo);
  const [tab, setTab] = useState<Tab>('login');
  const close = () => useDialogs.getState().close('login');

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={420}
      centered
      title={t('auth:dialogTitle')}
      styles={{ body: { paddingTop: 4 } }}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        centered
        items={[
          {
            key: 'login',
            label: t('auth:login.tab'),
            children: <LoginForm active={open && tab === 'login'} onDone={close} />,
          },
          {
            key: 'register',
            label: t('auth:register.tab'),
            children: (
              <>
                {isGuest && (
                  <p className="mb-4 mt-0 text-sm text-white/50">{t('auth:register.guestNote')}</p>
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
    </Modal>
  );
}
