import { Button, Descriptions, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apps as P, sites as S } from '@atelier/contracts/full';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { CrudTable } from './crud-table';
import { FileSettingsPanel } from './file-settings-panel';
import { MailPanel } from './mail-panel';
import { SmsPanel } from './sms-panel';
import { CaptchaPanel } from './captcha-panel';
import { WechatPanel } from './wechat-panel';
import { OidcPanel } from './oidc-panel';
import { SignInWaysPanel } from './sign-in-ways-panel';
import { fieldsOf } from './schema-fields';
import { SchemaForm } from './schema-form';

const globalFields = fieldsOf(S.adminUpdateGlobal.body);

/** The global config: shown, and edited in a form read from its contract. */
function GlobalConfig() {
  const { t } = useTranslation();
  const config = useAdminQuery(S.adminGetGlobal);
  const save = useAdminMutation(S.adminUpdateGlobal);
  const [open, setOpen] = useState(false);
  const data = config.data as Record<string, unknown> | undefined;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button type="primary" onClick={() => setOpen(true)} disabled={!data}>
          {t('admin:table.edit')}
        </Button>
      </div>
      <Descriptions size="small" bordered column={1}>
        {Object.entries(data ?? {}).map(([k, v]) => (
          <Descriptions.Item key={k} label={k}>
            <span className="break-all">{typeof v === 'string' ? v : JSON.stringify(v)}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <SchemaForm
        open={open}
        title={t('admin:sites.global')}
        fields={globalFields}
        initial={data ?? null}
        busy={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(v) => save.mutate(v as never, { onSuccess: () => setOpen(false) })}
      />
    </div>
  );
}

/** Domains with their branding, global config, notices, FAQ, menus, ad jumps, the app store. */
export default function SitesSection() {
  const { t } = useTranslation();
  const crud = (
    key: string,
    label: string,
    e: { list: never; create: never; update: never; delete: never },
    columns: string[],
  ) => ({
    key,
    label,
    children: (
      <CrudTable
        testId={`${key}-table`}
        list={e.list}
        create={e.create}
        update={e.update}
        remove={e.delete}
        columns={columns}
      />
    ),
  });
  return (
    <Tabs
      items={[
        crud('sites', t('admin:sites.domains'), S.adminSites as never, [
          'domain',
          'siteName',
          'isDefault',
          'index_path',
          'language',
        ]),
        { key: 'global', label: t('admin:sites.global'), children: <GlobalConfig /> },
        { key: 'mail', label: t('admin:sites.mail'), children: <MailPanel /> },
        { key: 'sms', label: t('admin:sites.sms'), children: <SmsPanel /> },
        { key: 'wechat', label: t('admin:sites.wechat'), children: <WechatPanel /> },
        { key: 'oidc', label: t('admin:sites.oidc'), children: <OidcPanel /> },
        { key: 'captcha', label: t('admin:sites.captcha'), children: <CaptchaPanel /> },
        {
          key: 'sign-in-ways',
          label: t('admin:signInWays.tab'),
          children: <SignInWaysPanel />,
        },
        { key: 'storage', label: t('admin:sites.storage'), children: <FileSettingsPanel /> },
        crud('notices', t('admin:sites.notices'), S.adminNotices as never, [
          'kind',
          'title',
          'sort',
          'enabled',
        ]),
        crud('faqs', t('admin:sites.faq'), S.adminFaqs as never, ['question', 'sort', 'status']),
        crud('menus', t('admin:sites.menus'), S.adminMenus as never, [
          'name',
          'path',
          'title',
          'sort',
          'status',
        ]),
        crud('jumps', t('admin:sites.jumps'), S.adminJumps as never, [
          'domain',
          'ad',
          'type',
          'status',
        ]),
        crud(
          'categories',
          t('admin:sites.categories'),
          {
            list: P.adminListCategories,
            create: P.adminCreateCategory,
            update: P.adminUpdateCategory,
            delete: P.adminDeleteCategory,
          } as never,
          ['name', 'sort', 'enabled'],
        ),
        crud(
          'apps',
          t('admin:sites.apps'),
          {
            list: P.adminListApps,
            create: P.adminCreateApp,
            update: P.adminUpdateApp,
            delete: P.adminDeleteApp,
          } as never,
          ['name', 'categoryId', 'modelId', 'sort', 'enabled'],
        ),
      ]}
    />
  );
}
