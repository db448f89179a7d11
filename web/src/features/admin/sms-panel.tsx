import { Button, Form, Input, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identity as I, sites as S } from '@atelier/contracts/full';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';

type Values = Omit<I.SmsSettingsView, 'siteId' | 'accessKeySecret'> & { accessKeySecret: string };

/** One site's SMS provider; the secret is write-only (typed anew or left as it is). */
function SmsForm({ view }: { view: I.SmsSettingsView }) {
  const { t } = useTranslation();
  const save = useAdminMutation(I.adminUpdateSmsSettings);
  const [form] = Form.useForm<Values>();
  const provider = Form.useWatch('provider', form) ?? view.provider;
  const submit = (v: Values) =>
    save.mutate(
      {
        siteId: view.siteId,
        enabled: v.enabled,
        provider: v.provider,
        accessKeyId: v.accessKeyId ?? '',
        signName: v.signName ?? '',
        templateId: v.templateId ?? '',
        appId: v.appId ?? '',
        region: v.region ?? '',
        endpoint: v.endpoint ?? '',
        ...(v.accessKeySecret ? { accessKeySecret: v.accessKeySecret } : {}),
      },
      { onSuccess: () => notify.success(t('admin:sms.saved')) },
    );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ ...view, accessKeySecret: '' }}
      data-testid="sms-form"
    >
      <Form.Item name="enabled" label={t('admin:sms.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="provider" label={t('admin:sms.provider')}>
        <Select
          options={[
            { value: 'aliyun', label: t('admin:sms.aliyun') },
            { value: 'tencent', label: t('admin:sms.tencent') },
          ]}
        />
      </Form.Item>
      <div className="grid gap-x-3 md:grid-cols-2">
        <Form.Item name="accessKeyId" label={t('admin:sms.keyId')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="accessKeySecret"
          label={
            <span>
              {t('admin:sms.secret')}{' '}
              <Tag color={view.accessKeySecret === 'set' ? 'green' : undefined}>
                {view.accessKeySecret === 'set' ? t('admin:secret.set') : t('admin:secret.notSet')}
              </Tag>
            </span>
          }
        >
          <Input.Password autoComplete="new-password" placeholder={t('admin:form.secretKeep')} />
        </Form.Item>
      </div>
      <div className="grid gap-x-3 md:grid-cols-2">
        <Form.Item name="signName" label={t('admin:sms.signName')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="templateId"
          label={t('admin:sms.templateId')}
          extra={t('admin:sms.templateHint')}
        >
          <Input placeholder={provider === 'tencent' ? '1234567' : 'SMS_123456789'} />
        </Form.Item>
      </div>
      <div className="grid gap-x-3 md:grid-cols-2">
        {provider === 'tencent' && (
          <Form.Item name="appId" label={t('admin:sms.appId')}>
            <Input placeholder="1400000000" />
          </Form.Item>
        )}
        <Form.Item name="region" label={t('admin:sms.region')}>
          <Input placeholder={provider === 'tencent' ? 'ap-guangzhou' : 'cn-hangzhou'} />
        </Form.Item>
      </div>
      <Form.Item name="endpoint" label={t('admin:sms.endpoint')}>
        <Input placeholder="https://" />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={save.isPending}>
        {t('admin:form.save')}
      </Button>
    </Form>
  );
}

/** Per site: the SMS provider that texts sign-in codes. */
export function SmsPanel() {
  const { t } = useTranslation();
  const siteList = useAdminQuery(S.adminSites.list);
  const rows = siteList.data?.rows ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const siteId = picked ?? rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null;
  const view = useAdminQuery(I.adminSmsSettings, siteId ? { siteId } : undefined, {
    enabled: siteId !== null,
  });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="m-0 text-sm opacity-70">{t('admin:sms.intro')}</p>
      <Select
        className="w-full max-w-sm"
        value={siteId ?? undefined}
        onChange={setPicked}
        aria-label={t('admin:mail.site')}
        options={rows.map((r) => ({ value: r.id, label: r.domain }))}
      />
      {view.data && <SmsForm key={`${view.data.siteId}`} view={view.data} />}
    </div>
  );
}
