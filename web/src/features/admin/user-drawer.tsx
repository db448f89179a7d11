import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credits as K, type DataOf } from '@atelier/contracts/full';
import * as A from '@atelier/contracts/admin';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { when } from './when';

type LedgerRow = DataOf<typeof K.adminListLedger>['rows'][number];

/** Credits in or out with a required reason (one ledger row). */
function AdjustForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const adjust = useAdminMutation(K.adminAdjustBalance);
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  return (
    <Form
      form={form}
      layout="inline"
      className="flex-wrap gap-y-2"
      onFinish={(v) =>
        adjust.mutate(
          { userId, amount: v.amount, reason: v.reason },
          { onSuccess: () => form.resetFields() },
        )
      }
    >
      <Form.Item name="amount" rules={[{ required: true, message: t('admin:form.required') }]}>
        <InputNumber placeholder={t('admin:users.amount')} />
      </Form.Item>
      <Form.Item
        name="reason"
        rules={[{ required: true, message: t('admin:users.reasonRequired') }]}
      >
        <Input placeholder={t('admin:users.reason')} />
      </Form.Item>
      <Button htmlType="submit" loading={adjust.isPending}>
        {t('admin:users.adjust')}
      </Button>
    </Form>
  );
}

function Actions({ d }: { d: A.UserDetail }) {
  const { t } = useTranslation();
  const ban = useAdminMutation(A.banUser);
  const reset = useAdminMutation(A.resetPassword);
  const role = useAdminMutation(A.setRole);
  const [password, setPassword] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <Space wrap>
        <Popconfirm
          title={d.banned ? t('admin:users.unbanConfirm') : t('admin:users.banConfirm')}
          okText={t('admin:form.confirm')}
          cancelText={t('admin:form.cancel')}
          onConfirm={() => ban.mutate({ id: d.id, banned: !d.banned })}
        >
          <Button danger={!d.banned}>
            {d.banned ? t('admin:users.unban') : t('admin:users.ban')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('admin:users.resetConfirm')}
          okText={t('admin:form.confirm')}
          cancelText={t('admin:form.cancel')}
          onConfirm={() =>
            reset.mutate({ id: d.id }, { onSuccess: (r) => setPassword(r.password) })
          }
        >
          <Button>{t('admin:users.resetPassword')}</Button>
        </Popconfirm>
        <Popconfirm
          title={
            d.role === 'admin' ? t('admin:users.demoteConfirm') : t('admin:users.promoteConfirm')
          }
          okText={t('admin:form.confirm')}
          cancelText={t('admin:form.cancel')}
          onConfirm={() => role.mutate({ id: d.id, role: d.role === 'admin' ? 'user' : 'admin' })}
        >
          <Button>{d.role === 'admin' ? t('admin:users.demote') : t('admin:users.promote')}</Button>
        </Popconfirm>
      </Space>
      {password && (
        <Alert type="success" showIcon message={`${t('admin:users.newPassword')}: ${password}`} />
      )}
    </div>
  );
}

/** One user: balance, VIP, devices, counts, actions and the ledger. */
export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminQuery(A.getUser, { id: userId ?? 0 }, { enabled: userId !== null });
  const ledger = useAdminQuery(
    K.adminListLedger,
    { userId: userId ?? 0, page: 1, size: 50 },
    { enabled: userId !== null },
  );
  const d = detail.data;
  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      width="min(720px, 100vw)"
      title={d?.username ?? ''}
    >
      {detail.isLoading && <p>{t('admin:loading')}</p>}
      {d && (
        <div className="flex flex-col gap-4">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="ID">{d.id}</Descriptions.Item>
            <Descriptions.Item label={t('admin:users.role')}>
              <Tag>{d.role}</Tag>
              {d.banned && <Tag color="red">{t('admin:users.banned')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin:f.credits')}>{d.credits}</Descriptions.Item>
            <Descriptions.Item label="VIP">{d.isVip ? d.vipUntil : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('admin:users.tasks')}>
              {d.tasks.total} ({t('admin:users.failed')} {d.tasks.failed})
            </Descriptions.Item>
            <Descriptions.Item label={t('admin:users.orders')}>
              {d.orders.total} ({t('admin:users.paid')} {d.orders.paid})
            </Descriptions.Item>
            <Descriptions.Item label={t('admin:users.devices')} span={2}>
              {d.devices.length === 0
                ? '—'
                : d.devices
                    .map((x) => `${x.deviceName} · ${x.ip} · ${when(x.lastSeenAt)}`)
                    .join('\n')}
            </Descriptions.Item>
          </Descriptions>
          <Actions d={d} />
          <AdjustForm userId={d.id} />
          <Table<LedgerRow>
            rowKey="id"
            size="small"
            scroll={{ x: true }}
            dataSource={ledger.data?.rows ?? []}
            pagination={false}
            locale={{ emptyText: t('admin:table.empty') }}
            columns={[
              { key: 'k', title: t('admin:users.ledgerKind'), dataIndex: 'kind' },
              { key: 'a', title: t('admin:users.amount'), dataIndex: 'amount' },
              { key: 'b', title: t('admin:users.balanceAfter'), dataIndex: 'balanceAfter' },
              { key: 'n', title: t('admin:users.reason'), dataIndex: 'note' },
              {
                key: 't',
                title: t('admin:f.createdAt'),
                dataIndex: 'createdAt',
                render: (v) => when(v),
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
