import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '../../lib/languages';
import { useAppSetting } from '../../stores/app-setting';
import { SettingRow } from './setting-row';

const languageLabels = {
  'zh-CN': 'common:languages.zh-CN',
  'en-US': 'common:languages.en-US',
  'zh-TW': 'common:languages.zh-TW',
} as const satisfies Record<Language, string>;

/** Theme (dark, the only theme for now) and the interface language. */
export function GeneralSettings() {
  const { t } = useTranslation(['user', 'common']);
  const language = useAppSetting((s) => s.language);
  const setLanguage = useAppSetting((s) => s.setLanguage);

  return (
    <div className="flex flex-col">
      <SettingRow label={t('user:settings.theme')} note={t('user:settings.themeNote')}>
        <Segmented
          value="dark"
          options={[
            { value: 'dark', label: t('user:settings.themeDark') },
            { value: 'light', label: t('user:settings.themeLight'), disabled: true },
            { value: 'auto', label: t('user:settings.themeAuto'), disabled: true },
          ]}
        />
      </SettingRow>
      <SettingRow label={t('user:settings.language')}>
        <Select<Language>
          aria-label={t('user:settings.language')}
          data-testid="center-language"
          value={language}
          onChange={setLanguage}
          className="w-full sm:w-48"
          options={languages.map((value) => ({ value, label: t(languageLabels[value]) }))}
        />
      </SettingRow>
    </div>
  );
}
