import { Button, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credits as K, payments as P } from '@atelier/contracts/full';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { CrudTable } from './crud-table';
import { GatewaysPanel } from './gateways-panel';
import { CodesPanel } from './codes-panel';
import { CreditSettingsPanel } from './credit-settings-panel';
import { RefundDialog } from './refund-dialog';

/** Each order status's words (literal keys, so the locale test sees them) and colour. */
const orderStatus: Record<P.OrderStatus, { label: string; color?: string }> = {
  pending: { label: 'admin:money.status.pending', color: 'processing' },
  paid: { label: 'admin:money.status.paid', color: 'green' },
  expired: { label: 'admin:money.status.expired' },
  failed: { label: 'admin:money.status.failed', color: 'red' },
  refunded: { label: 'admin:money.status.refunded', color: 'orange' },
};

/**
 * Orders with filters; a manual order can be marked paid (credits the user once), a paid one
 * refunded to credits (once, with a reason).
 */
function OrdersPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<P.AdminOrder['status'] | undefined>();
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const query = {
    page,
    size: 20,
    ...(status ? { status } : {}),
    ...(/^\d+$/.test(userId) ? { userId: Number(userId) } : {}),
  };
  const orders = useAdminQuery(P.adminListOrders, query);
  const markPaid = useAdminMutation(P.adminMarkPaid);
  const [refunding, setRefunding] = useState<P.AdminOrder | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <Space wrap>
        <Select
          allowClear
          className="min-w-36"
          placeholder={t('admin:f.status')}
          value={status}
          onChange={(v) => (setStatus(v), setPage(1))}
          options={P.orderStatus.options.map((s) => ({
            label: t(orderStatus[s].label),
            value: s,
          }))}
        />
        <Input
          className="w-36"
          placeholder={t('admin:users.userId')}
          value={userId}
          onChange={(e) => (setUserId(e.target.value.trim()), setPage(1))}
        />
      </Space>
      <Table<P.AdminOrder>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={orders.isLoading}
        dataSource={orders.data?.rows ?? []}
        locale={{ emptyText: t('admin:table.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: orders.data?.count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'no', title: t('admin:money.orderNo'), dataIndex: 'orderNo' },
          { key: 'u', title: t('admin:users.userId'), dataIndex: 'userId' },
          { key: 'p', title: t('admin:money.package'), dataIndex: 'packageName' },
          {
            key: 'a',
            title: t('admin:money.amount'),
            render: (_, o) => `${(o.amountCents / 100).toFixed(2)} ${o.currency}`,
          },
          { key: 'g', title: t('admin:money.gateway'), dataIndex: 'gateway' },
          {
            key: 's',
            title: t('admin:f.status'),
            render: (_, o) => (
              <Tag color={orderStatus[o.status].color}>{t(orderStatus[o.status].label)}</Tag>
            ),
          },
          {
            key: 'x',
            title: t('admin:table.actions'),
            render: (_, o) =>
              o.status === 'pending' ? (
                <Popconfirm
                  title={t('admin:money.markPaidConfirm')}
                  okText={t('admin:money.markPaid')}
                  cancelText={t('admin:form.cancel')}
                  onConfirm={() => markPaid.mutate({ orderNo: o.orderNo })}
                >
                  <Button size="small">{t('admin:money.markPaid')}</Button>
                </Popconfirm>
              ) : (
                o.status === 'paid' && (
                  <Button size="small" danger onClick={() => setRefunding(o)}>
                    {t('admin:money.refund')}
                  </Button>
                )
              ),
          },
        ]}
      />
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}

/** Prices, packages, gateways, orders and redemption codes. */
export default function MoneySection() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'prices',
          label: t('admin:money.prices'),
          children: (
            <CrudTable
              testId="prices-table"
              list={K.adminListPrices}
              create={K.adminCreatePrice}
              update={K.adminUpdatePrice}
              remove={K.adminDeletePrice}
              columns={['priceKey', 'label', 'category', 'unit', 'credits', 'enabled']}
            />
          ),
        },
        {
          key: 'packages',
          label: t('admin:money.packages'),
          children: (
            <CrudTable
              testId="packages-table"
              list={P.adminListPackages}
              create={P.adminCreatePackage}
              update={P.adminUpdatePackage}
              remove={P.adminDeletePackage}
              columns={['name', 'priceCents', 'credits', 'vipDays', 'enabled']}
            />
          ),
        },
        { key: 'gateways', label: t('admin:money.gateways'), children: <GatewaysPanel /> },
        { key: 'orders', label: t('admin:money.orders'), children: <OrdersPanel /> },
        { key: 'codes', label: t('admin:money.codes'), children: <CodesPanel /> },
        {
          key: 'settings',
          label: t('admin:money.settings'),
          children: <CreditSettingsPanel />,
        },
      ]}
    />
  );
}
