import { Alert, Button, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@atelier/contracts/full';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { fieldLabels, valueLabel } from './field-labels';
import { fieldsOf, isSecretField } from './schema-fields';
import { SchemaForm, type Choices, type Values } from './schema-form';

type Row = Record<string, unknown> & { id: number };

/** A cell: booleans as tags, secrets as set / not set, objects as short JSON. */
export function cell(name: string, v: unknown, t: (k: string) => string): ReactNode {
  if (isSecretField(name) || v === 'set' || v === 'not set')
    return v === 'set' || (v && v !== 'not set') ? (
      <Tag color="green">{t('admin:secret.set')}</Tag>
    ) : (
      <Tag>{t('admin:secret.notSet')}</Tag>
    );
  if (typeof v === 'boolean') return v ? <Tag color="blue">✓</Tag> : <Tag>—</Tag>;
  if (v !== null && typeof v === 'object') return <code>{JSON.stringify(v).slice(0, 80)}</code>;
  return valueLabel(name, v, t);
}

/**
 * A list with add, edit and delete (confirmed), its columns and forms read from the
 * endpoints' schemas. `actions` adds per-row buttons (test connection, allow list…).
 */
export function CrudTable(props: {
  list: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  remove?: Endpoint;
  columns: string[];
  choices?: Choices;
  actions?: (row: Row) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const list = useAdminQuery(props.list);
  const [editing, setEditing] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const create = useAdminMutation(props.create ?? props.list);
  const update = useAdminMutation(props.update ?? props.list);
  const remove = useAdminMutation(props.remove ?? props.list);
  const createFields = useMemo(() => fieldsOf(props.create?.body), [props.create]);
  const updateFields = useMemo(() => fieldsOf(props.update?.body), [props.update]);
  const rows = ((list.data as { rows?: Row[] } | undefined)?.rows ?? []) as Row[];
  const label = (name: string) => (fieldLabels[name] ? t(fieldLabels[name]!) : name);
  const columns: ColumnsType<Row> = [
    ...props.columns.map((name) => ({
      key: name,
      title: label(name),
      // A phone squeezes the columns: a heading kept on one line keeps short values ("对话")
      // from breaking a character a line; the table scrolls sideways instead.
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
      dataIndex: name,
      render: (v: unknown) => cell(name, v, t),
    })),
    {
      key: 'actions',
      title: t('admin:table.actions'),
      render: (_: unknown, row: Row) => (
        <Space wrap size="small">
          {props.actions?.(row)}
          {props.update && (
            <Button size="small" onClick={() => (setEditing(row), setOpen(true))}>
              {t('admin:table.edit')}
            </Button>
          )}
          {props.remove && (
            <Popconfirm
              title={t('admin:table.confirmDelete')}
              okText={t('admin:table.delete')}
              cancelText={t('admin:form.cancel')}
              onConfirm={() => remove.mutate({ id: row.id } as never)}
              okButtonProps={{ danger: true }}
            >
              <Button size="small" danger>
                {t('admin:table.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const submit = (values: Values) => {
    // Saved: the form closes and says so (it closed silently).
    const done = {
      onSuccess: () => {
        setOpen(false);
        notify.success(t('common:success.save'));
      },
    };
    if (editing) update.mutate({ ...values, id: editing.id } as never, done);
    else create.mutate(values as never, done);
  };
  return (
    <div className="flex flex-col gap-3" data-testid={props.testId}>
      {props.create && (
        <div>
          <Button type="primary" onClick={() => (setEditing(null), setOpen(true))}>
            {t('admin:table.add')}
          </Button>
        </div>
      )}
      {list.isError && <Alert type="error" message={t('admin:loadFailed')} showIcon />}
      {/* A refused delete says why (e.g. what still uses a provider) until the next try. */}
      {remove.isError && (
        <Alert
          type="error"
          showIcon
          closable
          data-testid="delete-error"
          message={remove.error.message}
          onClose={() => remove.reset()}
        />
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: true }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('admin:table.empty') }}
      />
      <SchemaForm
        open={open}
        title={editing ? t('admin:table.edit') : t('admin:table.add')}
        fields={editing ? updateFields : createFields}
        initial={editing}
        choices={props.choices ?? {}}
        busy={create.isPending || update.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={submit}
      />
    </div>
  );
}
