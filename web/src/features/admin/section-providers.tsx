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

/** The MCP tools a model may call: every tool the servers listed, ticked when allowed. */
function ToolsButton({ modelId }: { modelId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const servers = useAdminQuery(C.adminListMcpServers);
  const lists = useAdminQuery(C.adminListModelTools);
  const save = useAdminMutation(C.adminSetModelTools);
  const current = lists.data?.rows.find((r) => r.modelId === modelId)?.tools ?? [];
  const [picked, setPicked] = useState<string[]>([]);
  const options = (servers.data?.rows ?? []).flatMap((s) =>
    s.tools.map((tool) => ({ label: `${s.name} · ${tool.name}`, value: `${s.id}:${tool.name}` })),
  );
  return (
    <>
      <Button
        size="small"
        type={current.length ? 'dashed' : 'default'}
        data-testid={`model-tools-${modelId}`}
        onClick={() => {
          setPicked(current.map((c) => `${c.serverId}:${c.tool}`));
          setOpen(true);
        }}
      >
        {current.length
          ? `${t('admin:chatTools.tools')} (${current.length})`
          : t('admin:chatTools.none')}
      </Button>
      <Modal
        open={open}
        title={t('admin:chatTools.tools')}
        onCancel={() => setOpen(false)}
        okText={t('admin:form.save')}
        cancelText={t('admin:form.cancel')}
        confirmLoading={save.isPending}
        onOk={() => {
          const tools = picked.map((v) => {
            const at = v.indexOf(':');
            return { serverId: Number(v.slice(0, at)), tool: v.slice(at + 1) };
          });
          save.mutate({ modelId, tools }, { onSuccess: () => setOpen(false) });
        }}
      >
        <p className="text-sm opacity-70">{t('admin:chatTools.hint')}</p>
        {options.length ? (
          <Checkbox.Group
            className="flex flex-col gap-1"
            options={options}
            value={picked}
            onChange={(v) => setPicked(v as string[])}
          />
        ) : (
          <p>{t('admin:chatTools.empty')}</p>
        )}
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
              actions={(row: Row) => (
                <span className="inline-flex gap-2">
                  <AccessButton modelId={row.id} />
                  <ToolsButton modelId={row.id} />
                </span>
              )}
            />
          ),
        },
        {
          key: 'web-search',
          label: t('admin:chatTools.webSearch'),
          children: (
            <CrudTable
              testId="search-providers-table"
              list={C.adminListSearchProviders}
              create={C.adminCreateSearchProvider}
              update={C.adminUpdateSearchProvider}
              remove={C.adminDeleteSearchProvider}
              columns={['name', 'kind', 'baseUrl', 'apiKey', 'priceKey', 'pagesRead', 'enabled']}
              choices={{ priceKey: priceChoices }}
            />
          ),
        },
        {
          key: 'mcp',
          label: t('admin:chatTools.mcpServers'),
          children: (
            <CrudTable
              testId="mcp-servers-table"
              list={C.adminListMcpServers}
              create={C.adminCreateMcpServer}
              update={C.adminUpdateMcpServer}
              remove={C.adminDeleteMcpServer}
              columns={['name', 'url', 'token', 'allowPrivate', 'timeoutMs', 'enabled', 'tools']}
            />
          ),
        },
      ]}
    />
  );
}
