import { Button, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { identity as I } from '@atelier/contracts/full';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { useSitePicker } from './site-picker';

type Values = { provider: I.CaptchaProvider; siteKey: string; secret: string };

/** One site's captcha where abuse is seen; the secret is write-only (typed anew or kept). */
function CaptchaForm({ view }: { view: I.CaptchaSettingsView }) {
  const { t } = useTranslation();
  const save = useAdminMutation(I.adminUpdateCaptchaSettings);
  const [form] = Form.useForm<Values>();
  const provider = Form.useWatch('provider', form) ?? view.provider;
  const submit = (v: Values) =>
    save.mutate(
      {
        siteId: view.siteId,
        provider: v.provider,
        ...(v.provider === 'pow' ? {} : { siteKey: (v.siteKey ?? '').trim() }),
        ...(v.secret ? { secret: v.secret } : {}),
      },
      { onSuccess: () => notify.success(t('admin:captcha.saved')) },
    );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ provider: view.provider, siteKey: view.siteKey, secret: '' }}
      data-testid="captcha-form"
    >
      <Form.Item name="provider" label={t('admin:captcha.provider')}>
        <Select
          options={[
            { value: 'pow', label: t('admin:captcha.pow') },
            { value: 'turnstile', label: t('admin:captcha.turnstile') },
            { value: 'hcaptcha', label: t('admin:captcha.hcaptcha') },
          ]}
        />
      </Form.Item>
      {provider !== 'pow' && (
        <div className="grid gap-x-3 md:grid-cols-2">
          <Form.Item name="siteKey" label={t('admin:captcha.siteKey')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="secret"
            label={
              <span>
                {t('admin:captcha.secret')}{' '}
                <Tag color={view.secret === 'set' ? 'green' : undefined}>
                  {view.secret === 'set' ? t('admin:secret.set') : t('admin:secret.notSet')}
                </Tag>
              </span>
            }
          >
            <Input.Password autoComplete="new-password" placeholder={t('admin:form.secretKeep')} />
          </Form.Item>
        </div>
      )}
      <Button htmlType="submit" type="primary" loading={save.isPending}>
        {t('admin:form.save')}
      </Button>
    </Form>
  );
}

/** Per site: the captcha asked of a network where abuse was seen. */
export function CaptchaPanel() {
  const { t } = useTranslation();
  const { siteId, picker } = useSitePicker(t('admin:mail.site'));
  const view = useAdminQuery(I.adminCaptchaSettings, siteId ? { siteId } : undefined, {
    enabled: siteId !== null,
  });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="m-0 text-sm opacity-70">{t('admin:captcha.intro')}</p>
      {picker}
      {view.data && <CaptchaForm key={`${view.data.siteId}`} view={view.data} />}
    </div>
  );
}
