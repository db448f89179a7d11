import { Button, Card, Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { payments as P } from '@atelier/contracts/full';
import { useAdminMutation, useAdminQuery } from './admin-api';

type Values = { enabled: boolean } & Record<string, string | boolean>;

/** One gateway: its settings, and its secrets write-only (typed anew or left as they are). */
function GatewayCard({ g }: { g: P.GatewaySettingsView }) {
  const { t } = useTranslation();
  const save = useAdminMutation(P.adminUpdateGateway);
  const [form] = Form.useForm<Values>();
  const submit = (v: Values) => {
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    for (const k of Object.keys(g.settings))
      if (typeof v[`s.${k}`] === 'string') settings[k] = v[`s.${k}`] as string;
    for (const k of Object.keys(g.secrets)) {
      const typed = v[`x.${k}`];
      if (typeof typed === 'string' && typed !== '') secrets[k] = typed;
    }
    save.mutate({ gateway: g.gateway, enabled: v.enabled, settings, secrets } as never);
  };
  return (
    <Card size="small" title={g.gateway}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          enabled: g.enabled,
          ...Object.fromEntries(Object.entries(g.settings).map(([k, v]) => [`s.${k}`, v])),
        }}
      >
        <Form.Item name="enabled" label={t('admin:f.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {Object.keys(g.settings).map((k) => (
          <Form.Item key={k} name={`s.${k}`} label={k}>
            <Input />
          </Form.Item>
        ))}
        {Object.entries(g.secrets).map(([k, state]) => (
          <Form.Item
            key={k}
            name={`x.${k}`}
            label={
              <span>
                {k}{' '}
                <Tag color={state === 'set' ? 'green' : undefined}>
                  {state === 'set' ? t('admin:secret.set') : t('admin:secret.notSet')}
                </Tag>
              </span>
            }
          >
            <Input.Password autoComplete="new-password" placeholder={t('admin:form.secretKeep')} />
          </Form.Item>
        ))}
        {g.notifyUrl && <p className="text-xs opacity-60">{g.notifyUrl}</p>}
        <Button htmlType="submit" type="primary" loading={save.isPending}>
          {t('admin:form.save')}
        </Button>
      </Form>
    </Card>
  );
}

export function GatewaysPanel() {
  const gateways = useAdminQuery(P.adminListGateways);
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {(gateways.data?.rows ?? []).map((g) => (
        <GatewayCard key={g.gateway} g={g} />
      ))}
    </div>
  );
}
