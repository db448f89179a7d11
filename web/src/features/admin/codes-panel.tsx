import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credits as K } from '@atelier/contracts';
import { downloadBlob } from '../../lib/download';
import { adminFetch, useAdminMutation, useAdminQuery } from './admin-api';

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
          { key: 't', title: t('admin:f.createdAt'), dataIndex: 'createdAt' },
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
      <Modal
        open={codes !== null}
        title={t('admin:money.codesOnce')}
        onCancel={() => setCodes(null)}
        footer={null}
      >
        <Input.TextArea
          readOnly
          data-testid="new-codes"
          value={(codes ?? []).join('\n')}
          autoSize={{ minRows: 4, maxRows: 14 }}
        />
      </Modal>
    </div>
  );
}
