import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credits as K } from '@atelier/contracts/full';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { fieldLabels } from './field-labels';
import { fieldsOf } from './schema-fields';
import { SchemaForm } from './schema-form';

const settingFields = fieldsOf(K.adminUpdateSettings.body);

/**
 * Gifts, rewards and the limits on free things (docs/security.md): the sign-up gift, the
 * invite reward and how many a day one inviter is paid, the daily check-in, the VIP discount,
 * and the free translations and prompt suggestions a day. Shown, and edited in a form read from
 * the contract.
 */
export function CreditSettingsPanel() {
  const { t } = useTranslation();
  const settings = useAdminQuery(K.adminGetSettings);
  const save = useAdminMutation(K.adminUpdateSettings);
  const [open, setOpen] = useState(false);
  const data = settings.data as Record<string, unknown> | undefined;
  return (
    <div className="flex flex-col gap-3" data-testid="credit-settings">
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
        title={t('admin:money.settings')}
        fields={settingFields}
        initial={data ?? null}
        busy={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(v) => save.mutate(v as never, { onSuccess: () => setOpen(false) })}
      />
    </div>
  );
}
