import { Button, DatePicker, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as A from '@atelier/contracts/admin';
import { useAdminQuery } from './admin-api';
import { StatusTag } from './status-tag';
import { TaskDrawer } from './task-drawer';
import { when } from './when';

/** Per provider: waiting, running, failed in the last hour (refreshed every 5 s). */
function Queues() {
  const { t } = useTranslation();
  const queues = useAdminQuery(A.queues, undefined, { refetchMs: 5000 });
  return (
    <Table
      rowKey={(r) => String(r.providerId)}
      size="small"
      pagination={false}
      dataSource={queues.data?.rows ?? []}
      locale={{ emptyText: t('admin:tasks.queuesEmpty') }}
      columns={[
        {
          key: 'p',
          title: t('admin:f.providerId'),
          dataIndex: 'providerName',
          // Work done here without an upstream (the offline demos, local tools) has no provider.
          render: (v: string, r: { providerId: number | null }) =>
            r.providerId === null ? t('admin:tasks.noProvider') : v,
        },
        { key: 'w', title: t('admin:tasks.waiting'), dataIndex: 'waiting' },
        { key: 'r', title: t('admin:tasks.running'), dataIndex: 'running' },
        { key: 'f', title: t('admin:tasks.failedHour'), dataIndex: 'failedLastHour' },
      ]}
    />
  );
}

/** Every task of every user, filtered; one opens with its timeline. */
export default function TasksSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const [userId, setUserId] = useState('');
  const [days, setDays] = useState<[string, string] | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const tasks = useAdminQuery(A.listTasks, {
    page,
    size: 20,
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(/^\d+$/.test(userId) ? { userId: Number(userId) } : {}),
    ...(days ? { from: days[0], to: days[1] } : {}),
  });
  return (
    <div className="flex flex-col gap-4">
      <h3 className="m-0 text-base">{t('admin:tasks.queues')}</h3>
      <Queues />
      <Space wrap>
        <Input
          className="w-32"
          placeholder={t('admin:f.kind')}
          value={kind}
          onChange={(e) => (setKind(e.target.value.trim()), setPage(1))}
        />
        <Select
          allowClear
          className="min-w-32"
          placeholder={t('admin:f.status')}
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
          options={[1, 2, 3, 4].map((s) => ({ value: s, label: <StatusTag status={s} /> }))}
        />
        <Input
          className="w-28"
          placeholder={t('admin:users.userId')}
          value={userId}
          onChange={(e) => (setUserId(e.target.value.trim()), setPage(1))}
        />
        <DatePicker.RangePicker
          onChange={(_, s) => (setDays(s[0] && s[1] ? [s[0], s[1]] : null), setPage(1))}
        />
      </Space>
      <Table<A.AdminTask>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={tasks.isLoading}
        dataSource={tasks.data?.rows ?? []}
        locale={{ emptyText: t('admin:table.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: tasks.data?.count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'id' },
          { key: 'k', title: t('admin:f.kind'), render: (_, r) => `${r.kind} · ${r.action}` },
          {
            key: 's',
            title: t('admin:f.status'),
            render: (_, r) => <StatusTag status={r.status} />,
          },
          { key: 'u', title: t('admin:users.userId'), dataIndex: 'userId' },
          { key: 'c', title: t('admin:f.credits'), dataIndex: 'credits' },
          { key: 'e', title: t('admin:tasks.error'), dataIndex: 'error', ellipsis: true },
          {
            key: 't',
            title: t('admin:f.createdAt'),
            dataIndex: 'createdAt',
            render: (v) => when(v),
          },
          {
            key: 'x',
            title: t('admin:table.actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r.id)}>
                {t('admin:tasks.timeline')}
              </Button>
            ),
          },
        ]}
      />
      <TaskDrawer taskId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
