import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { files as F } from '@atelier/contracts/full';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { fieldLabels } from './field-labels';
import { fieldsOf } from './schema-fields';
import { SchemaForm } from './schema-form';

const settingFields = fieldsOf(F.adminUpdateFileSettings.body);

/**
 * The storage quotas (docs/security.md): what one account and one guest may store, in MB, 0
 * for none. Shown, and edited in a form read from the contract; applied from the next write.
 */
export function FileSettingsPanel() {
  const { t } = useTranslation();
  const settings = useAdminQuery(F.adminGetFileSettings);
  const save = useAdminMutation(F.adminUpdateFileSettings);
  const [open, setOpen] = useState(false);
  const data = settings.data as Record<string, unknown> | undefined;
  return (
    <div className="flex flex-col gap-3" data-testid="file-settings">
      <Alert type="info" showIcon message={t('admin:sites.storageNote')} />
      <div>
        <Button type="primary" onClick={() => setOpen(true)} disabled={!data}>
          {t('admin:table.edit')}
        </Button>
      </div>
      <Descriptions size="small" bordered column={1}>
        {Object.entries(data ?? {}).map(([k, v]) => (
          <Descriptions.Item key={k} label={fieldLabels[k] ? t(fieldLabels[k]) : k}>
            {String(v)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <SchemaForm
        open={open}
        title={t('admin:sites.storage')}
        fields={settingFields}
        initial={data ?? null}
        busy={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(v) => save.mutate(v as never, { onSuccess: () => setOpen(false) })}
      />
    </div>
  );
}
