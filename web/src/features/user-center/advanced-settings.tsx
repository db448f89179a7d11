import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { defaultSystemMessage, useSettingsStorage } from '../../stores/settings-storage';
import { SettingRow } from './setting-row';

const SYSTEM_MESSAGE_MAX = 4000;

/**
 * The upstream rows of docs/product.md §2 (API, reverse proxy, timeout, socks, HTTPS proxy, API
 * balance). They describe the server's provider settings, so only admins see them; there is no
 * provider API yet, so they read "not configured".
 */
const providerRows = [
  'user:advanced.api',
  'user:advanced.reverseProxy',
  'user:advanced.timeout',
  'user:advanced.socks',
  'user:advanced.httpsProxy',
  'user:advanced.apiBalance',
] as const;

/** The chat's system message (kept in this browser) and, for admins, the provider rows. */
export function AdvancedSettings({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation(['user', 'common']);
  const saved = useSettingsStorage((s) => s.systemMessage);
  const [draft, setDraft] = useState(saved);

  const save = () => {
    useSettingsStorage.getState().setSystemMessage(draft.trim() || defaultSystemMessage);
    setDraft(draft.trim() || defaultSystemMessage);
    notify.success(t('common:success.save'));
  };
  const reset = () => {
    useSettingsStorage.getState().reset();
    setDraft(defaultSystemMessage);
  };

  return (
    <div className="flex flex-col">
      <div className={`flex flex-col gap-3 py-4 ${isAdmin ? 'border-b border-white/5' : ''}`}>
        <label htmlFor="system-message" className="flex flex-col gap-1">
          <span className="text-sm font-medium text-white/85">
            {t('user:advanced.systemMessage')}
          </span>
          <span className="text-xs leading-relaxed text-white/55">
            {t('user:advanced.systemMessageNote')}
          </span>
        </label>
        <Input.TextArea
          id="system-message"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={SYSTEM_MESSAGE_MAX}
        />
        <div className="flex gap-2 sm:justify-end">
          <Button onClick={reset}>{t('user:advanced.reset')}</Button>
          <Button type="primary" onClick={save} disabled={draft === saved}>
            {t('user:save')}
          </Button>
        </div>
      </div>
      {isAdmin && (
        <section aria-labelledby="provider-settings" className="flex flex-col pt-4">
          <h3 id="provider-settings" className="m-0 text-sm font-semibold text-white/85">
            {t('user:advanced.providers')}
          </h3>
          <p className="m-0 mt-1 text-xs leading-relaxed text-white/55">
            {t('user:advanced.providersNote')}
          </p>
          {providerRows.map((key) => (
            <SettingRow key={key} label={t(key)} inline>
              <Tag bordered={false}>{t('user:advanced.notConfigured')}</Tag>
            </SettingRow>
          ))}
        </section>
      )}
    </div>
  );
}
