import { Button, Checkbox, Form, Modal, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chat as C, credits as K } from '@atelier/contracts/full';
import * as A from '@atelier/contracts/admin';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { CrudTable } from './crud-table';

type Row = Record<string, unknown> & { id: number };

/**
 * "Test connection": the upstream's cheapest read, and what went wrong in words. Until it is
 * pressed, the stored last check says whether the provider answered then, and when.
 */
function TestButton({ id, last }: { id: number; last: C.Provider['lastCheck'] }) {
  const { t, i18n } = useTranslation();
  const test = useAdminMutation(A.testProvider);
  const result = test.data;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="small" loading={test.isPending} onClick={() => test.mutate({ id })}>
        {t('admin:providers.test')}
      </Button>
      {result && (
        <Typography.Text type={result.ok ? 'success' : 'danger'} data-testid={`test-result-${id}`}>
          {result.ok ? t('admin:providers.ok') : t('admin:providers.failed')}: {result.message} (
          {result.ms} ms)
        </Typography.Text>
      )}
      {!result && last && (
        <Typography.Text type={last.ok ? 'success' : 'danger'} data-testid={`last-check-${id}`}>
          {t('admin:providers.lastCheck', {
            result: last.ok ? t('admin:providers.ok') : t('admin:providers.failed'),
            time: new Date(last.at).toLocaleString(i18n.language, {
              dateStyle: 'short',
              timeStyle: 'short',
            }),
          })}
        </Typography.Text>
      )}
    </span>
  );
}

/** Who may use a model: users by id and groups; empty lists: everyone. */
function AccessButton({ modelId }: { modelId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lists = useAdminQuery(A.listModelAccess);
  const save = useAdminMutation(A.setModelAccess);
  const current = lists.data?.rows.find((r) => r.modelId === modelId);
  const [form] = Form.useForm<{ userIds: string[]; groups: A.ModelAccess['groups'] }>();
  const restricted = !!current && (current.userIds.length > 0 || current.groups.length > 0);
  return (
    <>
      <Button
        size="small"
        type={restricted ? 'dashed' : 'default'}
        onClick={() => {
          form.setFieldsValue({
            userIds: (current?.userIds ?? []).map(String),
            groups: current?.groups ?? [],
          });
          setOpen(true);
        }}
      >
        {restricted ? t('admin:models.restricted') : t('admin:models.everyone')}
      </Button>
      <Modal
        open={open}
        title={t('admin:models.access')}
        onCancel={() => setOpen(false)}
        okText={t('admin:form.save')}
        cancelText={t('admin:form.cancel')}
        confirmLoading={save.isPending}
        onOk={() => {
          const v = form.getFieldsValue();
          const userIds = (v.userIds ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
          save.mutate(
            { modelId, userIds, groups: v.groups ?? [] },
            { onSuccess: () => setOpen(false) },
          );
        }}
      >
        <p className="text-sm opacity-70">{t('admin:models.accessHint')}</p>
        <Form form={form} layout="vertical">
          <Form.Item name="groups" label={t('admin:models.groups')}>
            <Checkbox.Group options={A.modelGroup.options.map((g) => ({ label: g, value: g }))} />
          </Form.Item>
          <Form.Item name="userIds" label={t('admin:models.userIds')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Providers (with the connection test) and models per kind (with who may use them). */
export default function ProvidersSection() {
  const { t } = useTranslation();
  const providers = useAdminQuery(C.adminListProviders);
  const providerChoices = (providers.data?.rows ?? []).map((p) => ({
    label: `${p.name} (${p.protocol})`,
    value: p.id,
  }));
  // The protocols are the server's (its kinds' adapter maps), each with the kinds it serves.
  const protocols = useAdminQuery(A.listProviderProtocols);
  const protocolChoices = {
    options: (protocols.data?.rows ?? []).map((p) => ({
      label: p.kinds.length ? `${p.protocol} (${p.kinds.join(', ')})` : p.protocol,
      value: p.protocol,
    })),
    loading: protocols.isLoading,
    error: protocols.isError ? protocols.error.message : null,
  };
  // A model names an existing price (the server refuses another key).
  const prices = useAdminQuery(K.adminListPrices);
  const priceChoices = (prices.data?.rows ?? []).map((p) => ({
    label: `${p.priceKey} · ${p.label}`,
    value: p.priceKey,
  }));
  return (
    <Tabs
      items={[
        {
          key: 'providers',
          label: t('admin:providers.title'),
          children: (
            <CrudTable
              testId="providers-table"
              list={C.adminListProviders}
              create={C.adminCreateProvider}
              update={C.adminUpdateProvider}
              remove={C.adminDeleteProvider}
              columns={['name', 'protocol', 'baseUrl', 'apiKey', 'concurrency', 'enabled']}
              choices={{ protocol: protocolChoices }}
              actions={(row: Row) => (
                <TestButton id={row.id} last={row.lastCheck as C.Provider['lastCheck']} />
              )}
            />
          ),
        },
        {
          key: 'models',
          label: t('admin:models.title'),
          children: (
            <CrudTable
              testId="models-table"
              list={C.adminListModels}
              create={C.adminCreateModel}
              update={C.adminUpdateModel}
              remove={C.adminDeleteModel}
              columns={[
                'name',
                'kind',
                'upstreamModel',
                'priceKey',
                'contextWindow',
                'vipOnly',
                'sort',
                'enabled',
              ]}
              choices={{ providerId: providerChoices, priceKey: priceChoices }}
              actions={(row: Row) => <AccessButton modelId={row.id} />}
            />
          ),
        },
      ]}
    />
  );
}
