import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser';
import { useDialogs } from '../../stores/dialogs';
import { acceptUpdate } from '../update-check';

/**
 * The update prompt (flag `update`): 更新 stores the version and reloads; 稍后, the close button
 * and Escape dismiss it and allow a later prompt; a click on the mask does nothing.
 */
export default function UpdateDialog() {
  const { t } = useTranslation();
  const open = useDialogs((s) => s.flags.update);
  const info = useDialogs((s) => s.props.update);
  const dismiss = () => useDialogs.getState().close('update');
  return (
    <Modal
      open={open}
      title={t('shell:update.title')}
      okText={t('shell:update.ok')}
      cancelText={t('shell:update.later')}
      maskClosable={false}
      keyboard
      centered
      width={420}
      onOk={() => info && acceptUpdate(info.version, browser.reload)}
      onCancel={dismiss}
    >
      {info && (
        <div className="flex flex-col gap-2 py-1">
          <p className="m-0 font-medium text-white/85">
            {t('shell:update.versions', { from: info.versionold, to: info.versionnew })}
          </p>
          {info.content1 && (
            <p className="m-0 whitespace-pre-line text-white/65">{info.content1}</p>
          )}
          {info.content2 && (
            <p className="m-0 whitespace-pre-line text-white/65">{info.content2}</p>
          )}
          {info.date && (
            <p className="m-0 text-sm text-white/55">
              {t('shell:update.date', { date: info.date })}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
