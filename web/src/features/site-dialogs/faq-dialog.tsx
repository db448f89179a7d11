import { useTranslation } from 'react-i18next';
import Collapse from 'antd/es/collapse';
import Modal from 'antd/es/modal';
import { useDialogs } from '../../stores/dialogs';
import { DialogEmpty, DialogError, DialogLoading } from './dialog-states';
import { useLocalized } from '../../lib/localized';
import { SiteText } from './site-text';
import { useFaq } from './sites-api';

/** Frequent questions (flag `faq`): `queryQa?size=99`, each answer folded under its question. */
export default function FaqDialog() {
  const { t } = useTranslation(['dialogs']);
  const pick = useLocalized();
  const open = useDialogs((s) => s.flags.faq);
  const query = useFaq(open);
  const rows = query.data?.rows ?? [];

  return (
    <Modal
      open={open}
      onCancel={() => useDialogs.getState().close('faq')}
      footer={null}
      centered
      width={640}
      title={t('dialogs:faq.title')}
    >
      <div className="max-h-[65vh] overflow-y-auto">
        {query.isPending ? (
          <DialogLoading />
        ) : query.isError ? (
          <DialogError onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <DialogEmpty text={t('dialogs:faq.empty')} />
        ) : (
          <Collapse
            accordion
            bordered={false}
            items={rows.map((row) => ({
              key: row.id,
              label: <span className="font-medium text-white/85">{pick(row.question)}</span>,
              children: <SiteText text={pick(row.answer)} />,
            }))}
          />
        )}
      </div>
    </Modal>
  );
}
