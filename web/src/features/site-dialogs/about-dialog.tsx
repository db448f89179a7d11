import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import { useDialogs } from '../../stores/dialogs';
import { DialogEmpty, DialogError, DialogLoading } from './dialog-states';
import { useLocalized } from '../../lib/localized';
import { SiteText } from './site-text';
import { useAbout } from './sites-api';

/** About (flag `about`): the `getaboutList` entry of this domain (the server answers one row). */
export default function AboutDialog() {
  const { t } = useTranslation(['dialogs']);
  const pick = useLocalized();
  const open = useDialogs((s) => s.flags.about);
  const query = useAbout(open);
  const host = window.location.hostname.replace(/^www\./, '');
  const rows = query.data?.rows ?? [];
  const entry = rows.find((row) => row.domain === host) ?? rows[0];

  return (
    <Modal
      open={open}
      onCancel={() => useDialogs.getState().close('about')}
      footer={null}
      centered
      width={560}
      title={t('dialogs:about.title', { name: entry?.appName ?? '' })}
    >
      {query.isPending ? (
        <DialogLoading />
      ) : query.isError ? (
        <DialogError onRetry={() => void query.refetch()} />
      ) : !entry || !pick(entry.contents).trim() ? (
        <DialogEmpty text={t('dialogs:about.empty')} />
      ) : (
        <div className="flex flex-col gap-4">
          {entry.appLogo && (
            <img src={entry.appLogo} alt={entry.appName} className="h-12 w-auto self-start" />
          )}
          <div className="max-h-[60vh] overflow-y-auto">
            <SiteText text={pick(entry.contents)} />
          </div>
          {entry.code && <p className="m-0 text-xs text-white/55">{entry.code}</p>}
        </div>
      )}
    </Modal>
  );
}
