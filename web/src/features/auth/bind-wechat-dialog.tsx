import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import { useDialogs } from '../../stores/dialogs';
import { WechatQr } from './wechat-qr';

/**
 * Bind WeChat (flag `bindWechat`): a QR code bound to the signed-in account; scanning it with
 * WeChat links that WeChat account, which then signs in to this one.
 */
export default function BindWechatDialog() {
  const { t } = useTranslation(['auth']);
  const open = useDialogs((s) => s.flags.bindWechat);
  const close = () => useDialogs.getState().close('bindWechat');
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={380}
      centered
      destroyOnHidden
      title={t('auth:wechat.bindTitle')}
    >
      <WechatQr purpose="link" active={open} onDone={close} />
    </Modal>
  );
}
