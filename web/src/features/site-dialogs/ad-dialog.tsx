import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import { storage } from '../../lib/storage';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { useLocalized } from '../../lib/localized';
import { secondsUntilTomorrow } from './notice-hidden';
import { safeHref } from './safe-href';

const AD_HIDDEN_KEY = 'adHiddenToday';

/**
 * The site's advertisement (flag `advertisement`): its image and text, linking to its page;
 * closed by the close button, Escape or the mask (then hidden for the rest of the day); it waits
 * for the notices to close. Closes itself when the site has none.
 */
export default function AdDialog() {
  const { t } = useTranslation(['dialogs']);
  const pick = useLocalized();
  const flag = useDialogs((s) => s.flags.advertisement);
  // Shown after the notices, never on top of them.
  const noticeOpen = useDialogs((s) => s.flags.notice);
  const ad = useAuthStore((s) => s.site?.advertisement ?? null);
  const siteLoaded = useAuthStore((s) => s.site !== null);
  // A dismissed ad stays away for the rest of the day, until the operator changes the site.
  const version = useAuthStore((s) => s.site?.updatedAt ?? '');
  const [dismissed, setDismissed] = useState(() => storage.get<string>(AD_HIDDEN_KEY));
  const text = ad ? pick(ad.text).trim() : '';
  const hasContent = !!ad?.enabled && (!!ad.image || !!text) && dismissed !== version;
  const link = ad?.link ? safeHref(ad.link) : null;
  const close = () => {
    storage.set(AD_HIDDEN_KEY, version, secondsUntilTomorrow(new Date()));
    setDismissed(version);
    useDialogs.getState().close('advertisement');
  };

  useEffect(() => {
    if (flag && siteLoaded && !hasContent) useDialogs.getState().close('advertisement');
  }, [flag, siteLoaded, hasContent]);

  const body = (
    <div className="flex flex-col gap-3">
      {ad?.image && (
        <img
          src={ad.image}
          alt={text || t('dialogs:ad.title')}
          className="block h-auto w-full rounded-lg"
        />
      )}
      {text && <p className="m-0 whitespace-pre-line text-white/80">{text}</p>}
    </div>
  );

  return (
    <Modal
      open={flag && hasContent && !noticeOpen}
      onCancel={close}
      footer={null}
      centered
      width={480}
      title={t('dialogs:ad.title')}
    >
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer sponsored" onClick={close}>
          {body}
        </a>
      ) : (
        body
      )}
    </Modal>
  );
}
