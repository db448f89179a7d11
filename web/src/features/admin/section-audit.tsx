import { DatePicker, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as A from '@atelier/contracts/admin';
import { useAdminQuery } from './admin-api';
import { when } from './when';

const Json = ({ value }: { value: unknown }) => (
  <pre className="m-0 max-h-64 overflow-auto whitespace-pre-wrap break-all text-xs">
    {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
  </pre>
);

/** Every admin change: who, when, what, before and after, from where. */
export default function AuditSection() {
  const { t } = useTranslation();
  const [action, setAction] = useState('');
  const [days, setDays] = useState<[string, string] | null>(null);
  const [page, setPage] = useState(1);
  const log = useAdminQuery(A.listAudit, {
    page,
    size: 20,
    ...(action ? { action } : {}),
    ...(days ? { from: days[0], to: days[1] } : {}),
  });
  return (
    <div className="flex flex-col gap-3">
      <Space wrap>
        <Input.Search
          allowClear
          className="w-72"
          placeholder={t('admin:audit.action')}
          onSearch={(v) => (setAction(v.trim()), setPage(1))}
        />
        <DatePicker.RangePicker
          onChange={(_, s) => (setDays(s[0] && s[1] ? [s[0], s[1]] : null), setPage(1))}
        />
      </Space>
      <Table<A.AuditRow>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        data-testid="audit-table"
        loading={log.isLoading}
        dataSource={log.data?.rows ?? []}
        locale={{ emptyText: t('admin:table.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: log.data?.count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        expandable={{
          expandedRowRender: (r) => (
            <div className="grid gap-3 md:grid-cols-3">
              <div>
                <strong>{t('admin:audit.before')}</strong>
                <Json value={r.before} />
              </div>
              <div>
                <strong>{t('admin:audit.after')}</strong>
                <Json value={r.after} />
              </div>
              <div>
                <strong>{t('admin:audit.request')}</strong>
                <Json value={r.request} />
              </div>
            </div>
          ),
        }}
        columns={[
          {
            key: 't',
            title: t('admin:audit.when'),
            dataIndex: 'createdAt',
            render: (v) => when(v),
          },
          { key: 'w', title: t('admin:audit.who'), render: (_, r) => r.adminName ?? r.adminId },
          { key: 'a', title: t('admin:audit.action'), dataIndex: 'action' },
          { key: 'g', title: t('admin:audit.target'), dataIndex: 'target' },
          { key: 'i', title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </div>
  );
}
