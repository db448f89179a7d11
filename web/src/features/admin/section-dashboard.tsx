import { Alert, Button, Popconfirm, Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as A from '@atelier/contracts/admin';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { BarChart, LabelledBars } from './bar-chart';
import { valueLabel } from './field-labels';

/**
 * The examples a fresh install seeded (docs/admin.md): how many are left and one click that
 * removes them all for good. Shown only while there are some.
 */
function ExamplesCard() {
  const { t } = useTranslation();
  const state = useAdminQuery(A.examplesState);
  const remove = useAdminMutation(A.removeExamples);
  const n = state.data;
  if (!n || n.works + n.prompts === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={t('admin:examples.title')}
      description={t('admin:examples.text', { works: n.works, prompts: n.prompts })}
      action={
        <Popconfirm
          title={t('admin:examples.confirm')}
          okText={t('admin:examples.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('admin:form.cancel')}
          onConfirm={() =>
            remove.mutate({}, { onSuccess: () => notify.success(t('admin:examples.removed')) })
          }
        >
          <Button danger loading={remove.isPending}>
            {t('admin:examples.remove')}
          </Button>
        </Popconfirm>
      }
    />
  );
}

/** Sign-ups, active users, revenue, credits spent, per kind and per provider, over a period. */
export default function DashboardSection() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const dash = useAdminQuery(A.dashboard, { days });
  const d = dash.data;
  const series = (k: 'signups' | 'activeUsers' | 'revenueCents' | 'creditsSpent') =>
    (d?.days ?? []).map((x) => ({ label: x.day.slice(5), value: x[k] }));
  return (
    <div className="flex flex-col gap-4">
      <ExamplesCard />
      <Segmented
        value={days}
        onChange={(v) => setDays(Number(v))}
        options={[
          { value: 7, label: t('admin:dashboard.days7') },
          { value: 30, label: t('admin:dashboard.days30') },
          { value: 90, label: t('admin:dashboard.days90') },
        ]}
      />
      {dash.isError && <Alert type="error" showIcon message={t('admin:loadFailed')} />}
      {dash.isLoading && <p>{t('admin:loading')}</p>}
      {d && (
        <>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <BarChart title={t('admin:dashboard.signups')} points={series('signups')} />
            <BarChart
              title={t('admin:dashboard.active')}
              points={series('activeUsers')}
              color="#36c28a"
            />
            <BarChart
              title={t('admin:dashboard.revenue')}
              points={series('revenueCents')}
              format={(n) => (n / 100).toFixed(2)}
              color="#f5a623"
            />
            <BarChart
              title={t('admin:dashboard.spent')}
              points={series('creditsSpent')}
              color="#c86dd7"
            />
          </div>
          <div className="grid gap-3 lg:grid-cols-2">
            <LabelledBars
              title={t('admin:dashboard.byKind')}
              points={d.spentByKind.map((k) => ({
                label: valueLabel('kind', k.kind, t),
                value: k.credits,
              }))}
              color="#c86dd7"
            />
            <Table<A.ProviderHealth>
              rowKey={(r) => String(r.providerId)}
              size="small"
              pagination={false}
              scroll={{ x: true }}
              dataSource={d.providers}
              locale={{ emptyText: t('admin:table.empty') }}
              columns={[
                {
                  key: 'p',
                  title: t('admin:f.providerId'),
                  // Work done here (offline demos, local tools) has no provider: said so, not '—'.
                  render: (_, r) =>
                    r.providerId === null ? t('admin:tasks.noProvider') : r.providerName,
                },
                { key: 'n', title: t('admin:dashboard.tasks'), dataIndex: 'tasks' },
                {
                  key: 's',
                  title: t('admin:dashboard.success'),
                  render: (_, r) => `${r.successRate}%`,
                },
                {
                  key: 'e',
                  title: t('admin:dashboard.upstreamErrors'),
                  render: (_, r) => `${r.upstreamErrorRate}%`,
                },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}
