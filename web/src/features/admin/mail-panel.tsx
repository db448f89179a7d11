import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identity as I, sites as S } from '@atelier/contracts/full';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';

interface Values {
  enabled: boolean;
  host: string;
  port: number;
  tls: I.MailSettingsView['tls'];
  username: string;
  password: string;
  from: string;
}

/** One site's SMTP settings; the password is write-only (typed anew or left as it is). */
function MailForm({ view }: { view: I.MailSettingsView }) {
  const { t } = useTranslation();
  const save = useAdminMutation(I.adminUpdateMailSettings);
  const test = useAdminMutation(I.adminTestMail);
  const [to, setTo] = useState('');
  const [result, setResult] = useState<{ sent: boolean; problem: string | null } | null>(null);
  const submit = (v: Values) =>
    save.mutate(
      {
        siteId: view.siteId,
        enabled: v.enabled,
        host: v.host ?? '',
        port: v.port,
        tls: v.tls,
        username: v.username ?? '',
        from: v.from ?? '',
        ...(v.password ? { password: v.password } : {}),
      },
      { onSuccess: () => notify.success(t('admin:mail.saved')) },
    );
  return (
    <div className="flex flex-col gap-4">
      <Form<Values>
        layout="vertical"
        onFinish={submit}
        initialValues={{ ...view, password: '' }}
        data-testid="mail-form"
      >
        <Form.Item name="enabled" label={t('admin:mail.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="grid gap-x-3 md:grid-cols-3">
          <Form.Item name="host" label={t('admin:mail.host')} className="md:col-span-2">
            <Input placeholder="smtp.example.com" />
          </Form.Item>
          <Form.Item name="port" label={t('admin:mail.port')}>
            <InputNumber min={1} max={65535} className="w-full" />
          </Form.Item>
        </div>
        <Form.Item name="tls" label={t('admin:mail.tls')}>
          <Select
            options={[
              { value: 'implicit', label: t('admin:mail.tlsOptions.implicit') },
              { value: 'starttls', label: t('admin:mail.tlsOptions.starttls') },
              { value: 'none', label: t('admin:mail.tlsOptions.none') },
            ]}
          />
        </Form.Item>
        <div className="grid gap-x-3 md:grid-cols-2">
          <Form.Item name="username" label={t('admin:mail.username')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={
              <span>
                {t('admin:mail.password')}{' '}
                <Tag color={view.password === 'set' ? 'green' : undefined}>
                  {view.password === 'set' ? t('admin:secret.set') : t('admin:secret.notSet')}
                </Tag>
              </span>
            }
          >
            <Input.Password autoComplete="new-password" placeholder={t('admin:form.secretKeep')} />
          </Form.Item>
        </div>
        <Form.Item name="from" label={t('admin:mail.from')} extra={t('admin:mail.fromHint')}>
          <Input placeholder="Atelier <no-reply@example.com>" />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={save.isPending}>
          {t('admin:form.save')}
        </Button>
      </Form>
      <Card size="small" title={t('admin:mail.testTitle')}>
        <Space.Compact className="w-full max-w-md">
          <Input
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder="you@example.com"
            aria-label={t('admin:mail.testTo')}
          />
          <Button
            loading={test.isPending}
            disabled={!to.trim()}
            onClick={() =>
              test.mutate({ siteId: view.siteId, to: to.trim() }, { onSuccess: setResult })
            }
            data-testid="mail-test"
          >
            {t('admin:mail.testSend')}
          </Button>
        </Space.Compact>
        {result && (
          <Alert
            className="mt-3"
            type={result.sent ? 'success' : 'error'}
            showIcon
            message={result.sent ? t('admin:mail.testSent') : t('admin:mail.testFailed')}
            description={result.problem ?? undefined}
          />
        )}
      </Card>
    </div>
  );
}

/** Per site: the SMTP server that mails sign-in codes and password-reset links. */
export function MailPanel() {
  const { t } = useTranslation();
  const siteList = useAdminQuery(S.adminSites.list);
  const rows = siteList.data?.rows ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const siteId = picked ?? rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null;
  const view = useAdminQuery(I.adminMailSettings, siteId ? { siteId } : undefined, {
    enabled: siteId !== null,
  });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="m-0 text-sm opacity-70">{t('admin:mail.intro')}</p>
      <Select
        className="w-full max-w-sm"
        value={siteId ?? undefined}
        onChange={setPicked}
        aria-label={t('admin:mail.site')}
        options={rows.map((r) => ({ value: r.id, label: r.domain }))}
      />
      {view.data && <MailForm key={`${view.data.siteId}`} view={view.data} />}
    </div>
  );
}
