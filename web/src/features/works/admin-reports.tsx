import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { works as W } from '@atelier/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { useModerate, useReports } from './works-admin-api';

type Pending = { row: W.ReportGroup; action: 'hide' | 'restore' } | null;

/**
 * Operators' reports (admin console section): reported works and prompts with their reasons,
 * hide or restore each with a reason that is kept (moderation_log) and closes its reports.
 */
export default function AdminReports() {
  const ready = useLazyTexts();
  const { t } = useTranslation();
  const [state, setState] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const reports = useReports(state, page);
  const moderate = useModerate();
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  if (!ready) return null;
  return (
    <section className="flex flex-col gap-3" aria-label={t('works:admin.title')}>
      <h2 className="m-0 text-lg">{t('works:admin.title')}</h2>
      <Segmented
        className="self-start"
        value={state}
        onChange={(v) => {
          setState(v as 'open' | 'all');
          setPage(1);
        }}
        options={[
          { value: 'open', label: t('works:admin.open') },
          { value: 'all', label: t('works:admin.all') },
        ]}
      />
      {reports.isError ? <Alert type="error" showIcon message={t('works:grid.failed')} /> : null}
      <Table<W.ReportGroup>
        rowKey={(r) => `${r.targetType}:${r.targetId}`}
        loading={reports.isPending}
        dataSource={reports.data?.rows ?? []}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: 20,
          total: reports.data?.count ?? 0,
          onChange: setPage,
        }}
        columns={[
          {
            title: t('works:admin.target'),
            render: (_, r) =>
              r.work?.cover ? (
                <a href={`/workDetails?id=${r.targetId}`} className="flex items-center gap-2">
                  <img
                    src={r.work.cover.thumbUrl}
                    alt=""
                    className="h-12 w-12 rounded object-cover"
                  />
                  <span>{r.work.title || r.work.prompt.slice(0, 40)}</span>
                </a>
              ) : (
                `${r.targetType} #${r.targetId}`
              ),
          },
          { title: t('works:admin.reports'), dataIndex: 'open' },
          { title: t('works:admin.reasons'), render: (_, r) => r.reasons.join(' · ') },
          {
            title: t('works:admin.state'),
            render: (_, r) => (
              <span className="flex flex-col gap-1">
                {r.hidden ? (
                  <Tag color="red">{t('works:card.hidden')}</Tag>
                ) : (
                  <Tag>{t('works:admin.visible')}</Tag>
                )}
                {r.lastAction ? (
                  <span className="text-xs text-white/50">
                    {r.lastAction.action === 'hide'
                      ? t('works:admin.hide')
                      : t('works:admin.restore')}
                    : {r.lastAction.reason}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            title: t('works:admin.action'),
            render: (_, r) => (
              <Button
                danger={!r.hidden}
                onClick={() => setPending({ row: r, action: r.hidden ? 'restore' : 'hide' })}
              >
                {r.hidden ? t('works:admin.restore') : t('works:admin.hide')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={pending !== null}
        title={pending?.action === 'hide' ? t('works:admin.hide') : t('works:admin.restore')}
        okText={t('works:admin.confirm')}
        cancelText={t('works:common.cancel')}
        okButtonProps={{ disabled: !reason.trim(), danger: pending?.action === 'hide' }}
        confirmLoading={moderate.isPending}
        onCancel={() => setPending(null)}
        onOk={async () => {
          if (!pending) return;
          await moderate.mutateAsync({
            targetType: pending.row.targetType,
            targetId: pending.row.targetId,
            action: pending.action,
            reason: reason.trim(),
          });
          setReason('');
          setPending(null);
        }}
      >
        <Input.TextArea
          aria-label={t('works:admin.reason')}
          placeholder={t('works:admin.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </section>
  );
}
