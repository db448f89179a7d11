import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import { useDialogs } from '../../stores/dialogs';
import { RegisterForm } from './register-form';

/**
 * Bind a username (flag `bindUsername`): a guest chooses a username and password; the
 * account is registered from the guest, so its chats, works and credits stay with it.
 */
export default function BindUsernameDialog() {
  const { t } = useTranslation(['auth']);
  const open = useDialogs((s) => s.flags.bindUsername);
  const close = () => useDialogs.getState().close('bindUsername');

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={420}
      centered
      title={t('auth:bind.title')}
    >
      <p className="mb-5 mt-0 text-sm leading-relaxed text-white/60">{t('auth:bind.intro')}</p>
      <RegisterForm purpose="bind" active={open} onDone={close} />
    </Modal>
  );
}
