import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Modal from 'antd/es/modal';
import { useDialogs } from '../../stores/dialogs';
import { useLocalized } from '../../lib/localized';
import { SiteText } from './site-text';
import { useNotices } from './sites-api';
import { dismissNotices, shouldShowNotices } from './notice-hidden';

/**
 * The site's notices (flag `notice`, opened at start). It closes itself without showing when
 * there is no notice, the user closed this version of them, or hid every notice for today.
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
    <Modal
      open={visible}
      onCancel={close}
      centered
      width={560}
      title={notices.length === 1 ? pick(notices[0]!.title) : t('dialogs:notice.title')}
      footer={
        <div className="flex items-center justify-between gap-3">
          <Checkbox checked={notToday} onChange={(e) => setNotToday(e.target.checked)}>
            {t('dialogs:notice.notToday')}
          </Checkbox>
          <Button type="primary" onClick={close}>
            {t('dialogs:notice.ok')}
          </Button>
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
    </Modal>
  );
}
