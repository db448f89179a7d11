import { ApiOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import type { chat } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../lib/field-form';
import { notify } from '../../lib/notify';
import {
  saveOwnEndpoint,
  useDeleteOwnEndpoint,
  useOwnEndpoints,
  useRefreshOwnEndpoints,
} from './user-api';
import { validateOwnEndpoint, type OwnEndpointField } from './validation';

type ByokModel = chat.ByokModel;

type Editing = { kind: 'new' } | { kind: 'edit'; row: ByokModel } | null;

/**
 * Bring your own key: the user's OpenAI-compatible endpoints. Chats through them cost no
 * credits; keys are sealed on the server and only shown as set / not set.
 */
export function OwnEndpoints() {
  const { t } = useTranslation(['user', 'common']);
  const [editing, setEditing] = useState<Editing>(null);
  const query = useOwnEndpoints();
  const refresh = useRefreshOwnEndpoints();
  const remove = useDeleteOwnEndpoint(() => notify.success(t('common:success.delete')));

  if (editing)
    return (
      <EndpointForm
        row={editing.kind === 'edit' ? editing.row : null}
        onDone={() => {
          setEditing(null);
          refresh();
        }}
      />
    );

  let list;
  if (query.isPending) list = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError)
    list = (
      <Result
        status="warning"
        title={t('user:endpoints.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('user:retry')}</Button>}
      />
    );
  else if (query.data.length === 0)
    list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user:endpoints.empty')} />;
  else
    list = (
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {query.data.map((row) => (
          <li
            key={row.id}
            className="flex items-center gap-3 rounded-lg border border-white/10 bg-white/[0.03] px-3 py-2.5"
          >
            <ApiOutlined className="text-lg text-white/50" aria-hidden />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-white/90">{row.name}</span>
                <Tag className="!m-0">{row.model}</Tag>
                {row.vision && <Tag color="purple">{t('user:endpoints.visionTag')}</Tag>}
                {row.apiKey === 'not set' && <Tag color="warning">{t('user:endpoints.noKey')}</Tag>}
              </div>
              <div className="truncate text-xs text-white/55">{row.baseUrl}</div>
            </div>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('user:endpoints.edit', { name: row.name })}
              onClick={() => setEditing({ kind: 'edit', row })}
            />
            <Popconfirm
              title={t('user:endpoints.deleteConfirm', { name: row.name })}
              okText={t('user:endpoints.deleteOk')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(row.id)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('user:endpoints.delete', { name: row.name })}
                loading={remove.isPending && remove.variables === row.id}
              />
            </Popconfirm>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4 pt-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="m-0 max-w-xl text-sm text-white/50">{t('user:endpoints.note')}</p>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'new' })}>
          {t('user:endpoints.add')}
        </Button>
      </div>
      {list}
    </div>
  );
}

/** Add or change one endpoint; left empty on change, the stored key stays. */
function EndpointForm({ row, onDone }: { row: ByokModel | null; onDone: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const [vision, setVision] = useState(row?.vision ?? false);
  const form = useFieldForm<OwnEndpointField>(
    {
      name: row?.name ?? '',
      baseUrl: row?.baseUrl ?? '',
      model: row?.model ?? '',
      apiKey: '',
    },
    (values) => validateOwnEndpoint(values, row === null),
  );
  const fields = {
    name: form.field('name'),
    baseUrl: form.field('baseUrl'),
    model: form.field('model'),
    apiKey: form.field('apiKey'),
  };
  const send = () =>
    form.submit(async (v) => {
      await saveOwnEndpoint({
        ...(row ? { id: row.id } : {}),
        name: v.name.trim(),
        baseUrl: v.baseUrl.trim(),
        model: v.model.trim(),
        ...(v.apiKey.trim() ? { apiKey: v.apiKey.trim() } : {}),
        vision,
      });
      notify.success(t('common:success.save'));
      onDone();
    });

  return (
    <Form layout="vertical" onFinish={send} requiredMark={false} className="max-w-lg pt-2">
      <h2 className="mb-4 mt-0 text-base font-semibold text-white/90">
        {row ? t('user:endpoints.editTitle') : t('user:endpoints.addTitle')}
      </h2>
      <Form.Item label={t('user:endpoints.name')} htmlFor="endpoint-name" {...fields.name.item}>
        <Input id="endpoint-name" maxLength={64} {...fields.name.input} />
      </Form.Item>
      <Form.Item
        label={t('user:endpoints.baseUrl')}
        htmlFor="endpoint-base-url"
        extra={t('user:endpoints.baseUrlHint')}
        {...fields.baseUrl.item}
      >
        <Input
          id="endpoint-base-url"
          inputMode="url"
          placeholder="https://api.openai.com/v1"
          {...fields.baseUrl.input}
        />
      </Form.Item>
      <Form.Item label={t('user:endpoints.model')} htmlFor="endpoint-model" {...fields.model.item}>
        <Input
          id="endpoint-model"
          maxLength={200}
          placeholder="gpt-4o-mini"
          {...fields.model.input}
        />
      </Form.Item>
      <Form.Item
        label={t('user:endpoints.apiKey')}
        htmlFor="endpoint-api-key"
        extra={row ? t('user:endpoints.apiKeyKeep') : undefined}
        {...fields.apiKey.item}
      >
        <Input.Password
          id="endpoint-api-key"
          autoComplete="off"
          maxLength={500}
          {...fields.apiKey.input}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={vision} onChange={(e) => setVision(e.target.checked)}>
          {t('user:endpoints.vision')}
        </Checkbox>
      </Form.Item>
      <div className="flex gap-2">
        <Button type="primary" htmlType="submit" loading={form.submitting}>
          {t('user:endpoints.save')}
        </Button>
        <Button onClick={onDone}>{t('common:cancel')}</Button>
      </div>
    </Form>
  );
}
