import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../stores/dialogs';
import { useLocalized } from '../../lib/localized';
import { SiteText } from './site-text';
import { useNotices } from './sites-api';
import { dismissNotices, shouldShowNotices } from './notice-hidden';
import { PlainModal } from './plain-modal';

/**
 * The site's notices (flag `notice`, opened at start). It closes itself without showing when
 * there is no notice, the user closed this version of them, or hid every notice for today.
 * Drawn without antd's Modal, Checkbox and Button (`PlainModal`, the same look), so a first
 * visit to a screen without antd (the phone launcher) does not fetch antd for it.
 */
export default function NoticeDialog() {
  const { t } = useTranslation(['dialogs']);
  const pick = useLocalized();
  const flag = useDialogs((s) => s.flags.notice);
  const [notToday, setNotToday] = useState(false);
  const query = useNotices(flag);
  const notices = query.data?.rows ?? [];
  const visible = flag && query.isSuccess && shouldShowNotices(notices);

  const { data, isError } = query;
  useEffect(() => {
    if (flag && (isError || (data && !shouldShowNotices(data.rows)))) {
      useDialogs.getState().close('notice');
    }
  }, [flag, isError, data]);

  const close = () => {
    if (notices.length > 0) dismissNotices(notices, { today: notToday });
    useDialogs.getState().close('notice');
  };

  return (
    <PlainModal
      open={visible}
      onClose={close}
      closeLabel={t('dialogs:notice.close')}
      title={notices.length === 1 ? pick(notices[0]!.title) : t('dialogs:notice.title')}
      footer={
        <div className="flex items-center justify-between gap-3">
          <label className="flex cursor-pointer items-center gap-2 text-sm text-white/[0.88]">
            <span className="relative flex h-4 w-4 shrink-0">
              <input
                type="checkbox"
                checked={notToday}
                onChange={(e) => setNotToday(e.target.checked)}
                className="peer m-0 h-4 w-4 shrink-0 cursor-pointer appearance-none rounded border border-solid border-[#2a2a33] bg-transparent transition-colors checked:border-[var(--accent)] checked:bg-[var(--accent)] hover:border-[var(--accent)] focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-[var(--accent-text)]"
              />
              <svg
                viewBox="0 0 16 16"
                aria-hidden="true"
                className="pointer-events-none absolute inset-0 hidden h-4 w-4 peer-checked:block"
              >
                <path d="M4 8.2 6.8 11 12 5.5" fill="none" stroke="#fff" strokeWidth="2" />
              </svg>
            </span>
            {t('dialogs:notice.notToday')}
          </label>
          {/* antd's primary button as the dark theme draws it (colorPrimary, hover, shadow). */}
          <button
            type="button"
            onClick={close}
            className="h-8 cursor-pointer rounded-lg border-0 bg-[#6c5fd1] max-sm:h-10 px-[15px] text-sm text-white shadow-[0_2px_0_rgba(135,116,255,0.27)] transition-colors hover:bg-[#8a7de6] focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-[var(--accent-text)]"
          >
            {t('dialogs:notice.ok')}
          </button>
        </div>
      }
    >
      <div className="flex max-h-[60vh] flex-col gap-6 overflow-y-auto pr-1">
        {notices.map((notice) => (
          <section key={notice.id} className="flex flex-col gap-2">
            {notices.length > 1 && (
              <h3 className="m-0 text-base font-semibold text-white/90">{pick(notice.title)}</h3>
            )}
            <SiteText text={pick(notice.content)} />
          </section>
        ))}
      </div>
    </PlainModal>
  );
}
