import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { DialogEmpty, DialogLoading } from './dialog-states';
import { useLocalized } from '../../lib/localized';
import { SiteText } from './site-text';

interface Props {
  /** `contact` (flag `contact`) or customer service (flag `customerService`). */
  kind: 'contact' | 'service';
}

/** The site's contact or customer-service text and QR image, from the site configuration. */
export default function ContactDialog({ kind }: Props) {
  const { t } = useTranslation(['dialogs']);
  const pick = useLocalized();
  const flag = kind === 'service' ? 'customerService' : 'contact';
  const open = useDialogs((s) => s.flags[flag]);
  const site = useAuthStore((s) => s.site);
  const info = site ? (kind === 'service' ? site.customerService : site.contact) : null;
  const text = info ? pick(info.text).trim() : '';

  return (
    <Modal
      open={open}
      onCancel={() => useDialogs.getState().close(flag)}
      footer={null}
      centered
      width={420}
      title={kind === 'service' ? t('dialogs:contact.serviceTitle') : t('dialogs:contact.title')}
    >
      {!site ? (
        <DialogLoading />
      ) : !text && !info?.qrImage ? (
        <DialogEmpty text={t('dialogs:contact.empty')} />
      ) : (
        <div className="flex flex-col items-center gap-4 text-center">
          {info?.qrImage && (
            <img
              src={info.qrImage}
              alt={t('dialogs:contact.qrAlt')}
              className="size-48 rounded-lg bg-white object-contain p-2"
            />
          )}
          {text && <SiteText text={text} />}
        </div>
      )}
    </Modal>
  );
}
