import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credits as K } from '@atelier/contracts/full';
import { copyText } from '../../components/markdown/copy-text';
import { downloadBlob } from '../../lib/download';
import { notify } from '../../lib/notify';
import { adminFetch, useAdminMutation, useAdminQuery } from './admin-api';
import { when } from './when';

/** The one-time codes as a CSV file: a header, then one code a line (codes are [A-Z0-9-]). */
export function codesCsv(codes: string[]): string {
  return ['code', ...codes].join('\r\n') + '\r\n';
}

/**
 * Redemption code batches: create (the codes are shown once), list, export CSV, disable (its
 * unused codes are refused) or enable again, each confirmed.
 */
export function CodesPanel() {
  const { t } = useTranslation();
  const batches = useAdminQuery(K.adminListCodeBatches, { page: 1, size: 100 });
  const create = useAdminMutation(K.adminCreateCodes);
  const setDisabled = useAdminMutation(K.adminDisableCodeBatch);
  const [form] = Form.useForm<{ count: number; credits: number; vipDays: number; label: string }>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const exportCsv = async (batchId: number) => {
    const file = await adminFetch(K.adminExportCodes, { batchId });
    downloadBlob(new Blob([file.csv], { type: 'text/csv' }), file.filename);
  };
  return (
    <div className="flex flex-col gap-3">
      <Form
        form={form}
        layout="inline"
        initialValues={{ count: 10, credits: 100, vipDays: 0, label: '' }}
        onFinish={(v) =>
          create.mutate(
            { count: v.count, credits: v.credits, vipDays: v.vipDays, label: v.label },
            { onSuccess: (data) => setCodes(data.codes) },
          )
        }
        className="flex-wrap gap-y-2"
      >
        <Form.Item name="count" label={t('admin:f.count')}>
          <InputNumber min={1} max={10000} />
        </Form.Item>
        <Form.Item name="credits" label={t('admin:f.credits')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="vipDays" label={t('admin:f.vipDays')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="label" label={t('admin:f.label')}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('admin:money.createCodes')}
        </Button>
      </Form>
      <Table<K.CodeBatch>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={batches.isLoading}
        dataSource={batches.data?.rows ?? []}
        locale={{ emptyText: t('admin:table.empty') }}
        pagination={false}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'id' },
          { key: 'l', title: t('admin:f.label'), dataIndex: 'label' },
          { key: 'c', title: t('admin:f.credits'), dataIndex: 'credits' },
          {
            key: 'r',
            title: t('admin:money.redeemed'),
            render: (_, b) => `${b.redeemed} / ${b.count}`,
          },
          {
            key: 't',
            title: t('admin:f.createdAt'),
            dataIndex: 'createdAt',
            render: (v: unknown) => when(v),
          },
          {
            key: 's',
            title: t('admin:money.batchState'),
            render: (_, b) =>
              b.disabledAt ? (
                <Tag color="red">{t('admin:money.batchDisabled')}</Tag>
              ) : (
                <Tag color="green">{t('admin:money.batchActive')}</Tag>
              ),
          },
          {
            key: 'x',
            title: t('admin:table.actions'),
            render: (_, b) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => void exportCsv(b.id)}>
                  {t('admin:money.exportCsv')}
                </Button>
                <Popconfirm
                  title={t(
                    b.disabledAt ? 'admin:money.enableConfirm' : 'admin:money.disableConfirm',
                  )}
                  okText={t(b.disabledAt ? 'admin:money.enable' : 'admin:money.disable')}
                  cancelText={t('admin:form.cancel')}
                  onConfirm={() => setDisabled.mutate({ id: b.id, disabled: !b.disabledAt })}
                >
                  <Button size="small" danger={!b.disabledAt}>
                    {t(b.disabledAt ? 'admin:money.enable' : 'admin:money.disable')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <NewCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </div>
  );
}

/** The new codes, shown this once, with a way to copy them and to save them as a CSV file. */
function NewCodesDialog(props: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.codes !== null}
      title={t('admin:money.codesOnce')}
      onCancel={props.onClose}
      footer={
        <Space wrap>
          <Button
            onClick={() =>
              copyText((props.codes ?? []).join('\n')).then(
                () => notify.success(t('common:success.copied')),
                () => notify.error(t('admin:money.copyFailed')),
              )
            }
          >
            {t('common:copy')}
          </Button>
          <Button
            type="primary"
            onClick={() =>
              downloadBlob(
                new Blob([codesCsv(props.codes ?? [])], { type: 'text/csv' }),
                `codes-${new Date().toISOString().slice(0, 10)}.csv`,
              )
            }
          >
            {t('admin:money.downloadCsv')}
          </Button>
        </Space>
      }
    >
      <Input.TextArea
        readOnly
        data-testid="new-codes"
        value={(props.codes ?? []).join('\n')}
        autoSize={{ minRows: 4, maxRows: 14 }}
      />
    </Modal>
  );
}
