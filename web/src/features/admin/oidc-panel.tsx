import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identity as I } from '@atelier/contracts/full';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { useSitePicker } from './site-picker';

interface Values {
  kind: I.OidcProviderView['kind'];
  slug: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  enabled: boolean;
  position: number;
}

const blank: Values = {
  kind: 'oidc',
  slug: '',
  name: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: 'openid email profile',
  enabled: true,
  position: 0,
};

/**
 * Known providers a new one may start from: their issuer as their discovery document names it
 * and the scopes that bring the address and name (docs/identity.md, OpenID Connect). Microsoft's
 * issuer holds the directory (tenant) id, which the operator types in place of `<tenant-id>`.
 * GitHub is OAuth 2 without OpenID Connect (docs/identity.md, GitHub): no issuer to type.
 */
const presets = [
  {
    kind: 'oidc',
    name: 'Google',
    slug: 'google',
    issuer: 'https://accounts.google.com',
    scopes: 'openid email profile',
  },
  {
    kind: 'oidc',
    name: 'Microsoft',
    slug: 'microsoft',
    issuer: 'https://login.microsoftonline.com/<tenant-id>/v2.0',
    scopes: 'openid email profile',
  },
  {
    kind: 'github',
    name: 'GitHub',
    slug: 'github',
    issuer: '',
    scopes: 'read:user user:email',
  },
] as const;

/** OpenID Connect: the issuer; GitHub: none, and where to register the callback URL. */
function IssuerField({ kind }: { kind: Values['kind'] }) {
  const { t } = useTranslation();
  return kind === 'github' ? (
    <Alert
      className="mb-4"
      type="info"
      showIcon
      message={t('admin:oidc.githubKind')}
      data-testid="oidc-github-note"
    />
  ) : (
    <Form.Item name="issuer" label={t('admin:oidc.issuer')} rules={[{ required: true }]}>
      <Input placeholder="https://id.example.com/realms/main" />
    </Form.Item>
  );
}

/** One provider; the client secret is write-only (typed anew or left as it is). */
function ProviderForm(props: {
  siteId: number;
  view: I.OidcProviderView | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useAdminMutation(I.adminSaveOidcProvider);
  const remove = useAdminMutation(I.adminDeleteOidcProvider);
  const { view } = props;
  const kind = Form.useWatch('kind', form) ?? view?.kind ?? 'oidc';
  const submit = (v: Values) =>
    save.mutate(
      {
        ...(view ? { id: view.id } : {}),
        siteId: props.siteId,
        kind: v.kind,
        slug: v.slug.trim(),
        name: v.name.trim(),
        ...(v.kind === 'github' ? {} : { issuer: v.issuer.trim() }),
        clientId: v.clientId.trim(),
        scopes: v.scopes.trim(),
        enabled: v.enabled,
        position: v.position ?? 0,
        ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
      },
      {
        onSuccess: () => {
          notify.success(t('admin:oidc.saved'));
          props.onChanged();
        },
      },
    );
  return (
    <Card
      size="small"
      title={view ? view.name : t('admin:oidc.new')}
      extra={
        view && (
          <Popconfirm
            title={t('admin:oidc.deleteConfirm', { name: view.name })}
            onConfirm={() => remove.mutate({ id: view.id }, { onSuccess: props.onChanged })}
          >
            <Button size="small" danger>
              {t('admin:oidc.delete')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {!view && (
        <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="oidc-presets">
          <span className="text-sm">{t('admin:oidc.preset')}</span>
          {presets.map((p) => (
            <Button key={p.slug} size="small" onClick={() => form.setFieldsValue(p)}>
              {p.name}
            </Button>
          ))}
          <span className="text-xs opacity-60">{t('admin:oidc.presetTenant')}</span>
        </div>
      )}
      <Form<Values>
        form={form}
        // Unique field ids: each label points at its own form's input.
        name={view ? `oidc-${view.id}` : 'oidc-new'}
        layout="vertical"
        onFinish={submit}
        initialValues={view ? { ...view, clientSecret: '' } : blank}
        data-testid="oidc-form"
      >
        <Form.Item name="enabled" label={t('admin:oidc.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="grid gap-x-3 md:grid-cols-3">
          <Form.Item name="name" label={t('admin:oidc.name')} rules={[{ required: true }]}>
            <Input placeholder="Keycloak" maxLength={60} />
          </Form.Item>
          <Form.Item name="slug" label={t('admin:oidc.slug')} rules={[{ required: true }]}>
            <Input placeholder="keycloak" maxLength={32} />
          </Form.Item>
          <Form.Item name="position" label={t('admin:oidc.position')}>
            <InputNumber min={0} max={1000} className="w-full" />
          </Form.Item>
        </div>
        <Form.Item name="kind" hidden>
          <Input />
        </Form.Item>
        <IssuerField kind={kind} />
        <div className="grid gap-x-3 md:grid-cols-2">
          <Form.Item name="clientId" label={t('admin:oidc.clientId')} rules={[{ required: true }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="clientSecret"
            label={
              <span>
                {t('admin:oidc.clientSecret')}{' '}
                {view && (
                  <Tag color={view.clientSecret === 'set' ? 'green' : 'default'}>
                    {view.clientSecret === 'set'
                      ? t('admin:oidc.secretSet')
                      : t('admin:oidc.secretNotSet')}
                  </Tag>
                )}
              </span>
            }
          >
            <Input.Password autoComplete="new-password" placeholder={t('admin:oidc.secretKeep')} />
          </Form.Item>
        </div>
        <Form.Item name="scopes" label={t('admin:oidc.scopes')}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('admin:oidc.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** Per site: the OpenID Connect providers the login dialog offers ("Sign in with …"). */
export function OidcPanel() {
  const { t } = useTranslation();
  const { siteId, picker } = useSitePicker(t('admin:oidc.site'));
  const [adding, setAdding] = useState(false);
  const list = useAdminQuery(I.adminOidcProviders, siteId ? { siteId } : undefined, {
    enabled: siteId !== null,
  });
  const changed = () => {
    setAdding(false);
    void list.refetch();
  };
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="m-0 text-sm opacity-70">{t('admin:oidc.intro')}</p>
      {picker}
      {list.data && siteId !== null && (
        <>
          <Alert
            type="info"
            showIcon
            message={t('admin:oidc.callback')}
            description={<code className="break-all">{list.data.callbackUrl}</code>}
          />
          {list.data.rows.map((row) => (
            <ProviderForm key={`${row.id}`} siteId={siteId} view={row} onChanged={changed} />
          ))}
          {adding ? (
            <ProviderForm siteId={siteId} view={null} onChanged={changed} />
          ) : (
            <Button className="self-start" onClick={() => setAdding(true)}>
              {t('admin:oidc.add')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
