import { Button, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { user as U } from '@atelier/contracts/full';
import { useAdminQuery } from './admin-api';
import { UserDrawer } from './user-drawer';
import { when } from './when';

/** Users: search by name or email, open one for its detail and actions. */
export default function UsersSection() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<'guest' | 'registered'>('registered');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const users = useAdminQuery(U.adminListUsers, {
    page,
    size: 20,
    kind,
    ...(keyword ? { keyword } : {}),
  });
  return (
    <div className="flex flex-col gap-3">
      <Space wrap>
        <Input.Search
          allowClear
          className="w-64"
          placeholder={t('admin:users.search')}
          onSearch={(v) => (setKeyword(v.trim()), setPage(1))}
        />
        <Select
          value={kind}
          onChange={(v) => (setKind(v), setPage(1))}
          options={[
            { value: 'registered', label: t('admin:users.registered') },
            { value: 'guest', label: t('admin:users.guests') },
          ]}
        />
      </Space>
      <Table<U.AdminUserRow>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={users.isLoading}
        dataSource={users.data?.rows ?? []}
        locale={{ emptyText: t('admin:table.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: users.data?.count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'id' },
          {
            key: 'n',
            title: t('admin:users.username'),
            render: (_, u) => u.username ?? u.nickname,
          },
          { key: 'e', title: t('admin:users.email'), dataIndex: 'email' },
          {
            key: 'r',
            title: t('admin:users.role'),
            render: (_, u) => (
              <Space size={4}>
                <Tag color={u.role === 'admin' ? 'gold' : undefined}>{u.role}</Tag>
                {u.disabled && <Tag color="red">{t('admin:users.banned')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'c',
            title: t('admin:f.createdAt'),
            dataIndex: 'createdAt',
            render: (v) => when(v),
          },
          {
            key: 'x',
            title: t('admin:table.actions'),
            render: (_, u) =>
              u.kind === 'registered' && (
                <Button size="small" onClick={() => setOpen(u.id)}>
                  {t('admin:users.open')}
                </Button>
              ),
          },
        ]}
      />
      <UserDrawer userId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
