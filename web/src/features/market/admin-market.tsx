import type { market } from '@atelier/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { useAdminPrompts, useAdminReports, useModeration } from './market-api';

type Filter = 'all' | 'reported' | 'hidden' | 'featured';

function Reports({ id }: { id: number }) {
  const { t } = useTranslation('market');
  const reports = useAdminReports(id);
  return (
    <List
      size="small"
      loading={reports.isPending}
      header={t('admin.reports')}
      locale={{ emptyText: t('admin.noReports') }}
      dataSource={reports.data?.rows ?? []}
      renderItem={(r) => (
        <List.Item>
          <span className="text-white/60">{r.userName}</span> · {r.reason} ·{' '}
          <time className="text-white/40">{new Date(r.createdAt).toLocaleString()}</time>
        </List.Item>
      )}
    />
  );
}

/** Asks the reason before hiding (its author sees it); restoring needs none. */
function HideModal(props: { prompt: market.AdminPrompt | null; onClose: () => void }) {
  const { t } = useTranslation(['market', 'common']);
  const { hide } = useModeration();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={props.prompt !== null}
      title={props.prompt?.title}
      okText={t('market:admin.hideConfirm')}
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      cancelText={t('common:cancel')}
      confirmLoading={hide.isPending}
      onCancel={props.onClose}
      onOk={() =>
        void hide.mutateAsync({ id: props.prompt!.id, hidden: true, reason: reason.trim() }).then(
          () => {
            setReason('');
            props.onClose();
          },
          () => null,
        )
      }
      destroyOnHidden
    >
      <label className="flex flex-col gap-1 text-sm">
        {t('market:admin.hideReason')}
        <Input.TextArea
          maxLength={500}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
    </Modal>
  );
}

function AdminMarket() {
  const { t } = useTranslation('market');
  const [filter, setFilter] = useState<Filter>('reported');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<market.AdminPrompt | null>(null);
  const list = useAdminPrompts({ filter, page, size: 20, ...(keyword ? { keyword } : {}) });
  const { feature, hide } = useModeration();
  return (
    <section className="flex flex-col gap-3">
      <h2 className="m-0 text-lg font-semibold">{t('admin.title')}</h2>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          options={[
            { value: 'reported', label: t('admin.filter.reported') },
            { value: 'hidden', label: t('admin.filter.hidden') },
            { value: 'featured', label: t('admin.filter.featured') },
            { value: 'all', label: t('admin.filter.all') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('admin.search')}
          aria-label={t('admin.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          className="sm:max-w-xs"
        />
      </div>
      <Table<market.AdminPrompt>
        rowKey="id"
        size="small"
        scroll={{ x: 720 }}
        loading={list.isPending}
        dataSource={list.data?.rows ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.count ?? 0,
          onChange: setPage,
        }}
        expandable={{ expandedRowRender: (p) => <Reports id={p.id} /> }}
        columns={[
          {
            title: t('admin.columns.prompt'),
            key: 'prompt',
            render: (_, p) => (
              <div className="flex items-center gap-2">
                {p.example && (
                  <img src={p.example.thumbUrl} alt="" className="h-10 w-10 rounded object-cover" />
                )}
                <div className="min-w-0">
                  <div className="truncate font-medium">{p.title}</div>
                  <div className="max-w-sm truncate text-xs text-white/50">{p.prompt}</div>
                </div>
              </div>
            ),
          },
          { title: t('admin.columns.author'), key: 'author', render: (_, p) => p.author.name },
          { title: t('admin.columns.reports'), dataIndex: 'reportCount', width: 80 },
          {
            title: t('admin.columns.state'),
            key: 'state',
            render: (_, p) => (
              <div className="flex flex-wrap gap-1">
                {p.hidden ? (
                  <Tag color="red">{t('card.hidden')}</Tag>
                ) : (
                  <Tag>{t('admin.visible')}</Tag>
                )}
                {p.featured && <Tag color="gold">{t('card.featured')}</Tag>}
                {p.hiddenReason && (
                  <span className="text-xs text-white/50">
                    {t('admin.lastReason', { reason: p.hiddenReason })}
                  </span>
                )}
              </div>
            ),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_, p) => (
              <div className="flex flex-wrap gap-1">
                <Button
                  size="small"
                  onClick={() => feature.mutate({ id: p.id, featured: !p.featured })}
                >
                  {p.featured ? t('admin.unfeature') : t('admin.feature')}
                </Button>
                {p.hidden ? (
                  <Button size="small" onClick={() => hide.mutate({ id: p.id, hidden: false })}>
                    {t('admin.restore')}
                  </Button>
                ) : (
                  <Button size="small" danger onClick={() => setHiding(p)}>
                    {t('admin.hide')}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      <HideModal prompt={hiding} onClose={() => setHiding(null)} />
    </section>
  );
}

/** The operators' market section (admin console): reported, hidden and featured prompts. */
export default function AdminMarketSection() {
  const ready = useLazyTexts();
  return ready ? <AdminMarket /> : null;
}
