import { Alert, Button, Form, Input, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sites as S, wechat as W } from '@atelier/contracts';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';

type Values = { enabled: boolean; appId: string; appSecret: string; token: string };

const SetTag = ({ set }: { set: boolean }) => {
  const { t } = useTranslation();
  return (
    <Tag color={set ? 'green' : undefined}>
      {set ? t('admin:secret.set') : t('admin:secret.notSet')}
    </Tag>
  );
};

/** One site's official account; the AppSecret and the Token are write-only. */
function WechatForm({ view }: { view: W.SettingsView }) {
  const { t } = useTranslation();
  const save = useAdminMutation(W.adminUpdateSettings);
  const submit = (v: Values) =>
    save.mutate(
      {
        siteId: view.siteId,
        enabled: v.enabled,
        appId: v.appId ?? '',
        ...(v.appSecret ? { appSecret: v.appSecret } : {}),
        ...(v.token ? { token: v.token } : {}),
      },
      { onSuccess: () => notify.success(t('admin:wechat.saved')) },
    );
  return (
    <Form<Values>
      layout="vertical"
      onFinish={submit}
      initialValues={{ enabled: view.enabled, appId: view.appId, appSecret: '', token: '' }}
      data-testid="wechat-form"
    >
      <Alert
        type="info"
        showIcon
        className="mb-4"
        message={t('admin:wechat.callback')}
        description={
          <code className="break-all" data-testid="wechat-callback">
            {view.callbackUrl}
          </code>
        }
      />
      <Form.Item name="enabled" label={t('admin:wechat.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="appId" label={t('admin:wechat.appId')}>
        <Input autoComplete="off" placeholder="wx1234567890abcdef" />
      </Form.Item>
      <div className="grid gap-x-3 md:grid-cols-2">
        <Form.Item
          name="appSecret"
          label={
            <span>
              {t('admin:wechat.appSecret')} <SetTag set={view.appSecret === 'set'} />
            </span>
          }
        >
          <Input.Password autoComplete="new-password" placeholder={t('admin:form.secretKeep')} />
        </Form.Item>
        <Form.Item
          name="token"
          label={
            <span>
              {t('admin:wechat.token')} <SetTag set={view.token === 'set'} />
            </span>
          }
          extra={t('admin:wechat.tokenHint')}
        >
          <Input.Password autoComplete="new-password" placeholder={t('admin:form.secretKeep')} />
        </Form.Item>
      </div>
      <Button htmlType="submit" type="primary" loading={save.isPending}>
        {t('admin:form.save')}
      </Button>
    </Form>
  );
}

/** Per site: the WeChat official account whose QR code signs in (docs/identity.md, WeChat). */
export function WechatPanel() {
  const { t } = useTranslation();
  const siteList = useAdminQuery(S.adminSites.list);
  const rows = siteList.data?.rows ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const siteId = picked ?? rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null;
  const view = useAdminQuery(W.adminSettings, siteId ? { siteId } : undefined, {
    enabled: siteId !== null,
  });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="m-0 text-sm opacity-70">{t('admin:wechat.intro')}</p>
      <Select
        className="w-full max-w-sm"
        value={siteId ?? undefined}
        onChange={setPicked}
        aria-label={t('admin:mail.site')}
        options={rows.map((r) => ({ value: r.id, label: r.domain }))}
      />
      {view.data && <WechatForm key={`${view.data.siteId}`} view={view.data} />}
    </div>
  );
}
