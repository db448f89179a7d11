import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { PopoverMenu } from '../components/popover-menu';
import { languages, type Language } from '../lib/languages';
import { useAppSetting } from '../stores/app-setting';
import { Glyph } from '../components/glyph';

const labelKeys = {
  'zh-CN': 'common:languages.zh-CN',
  'en-US': 'common:languages.en-US',
  'zh-TW': 'common:languages.zh-TW',
} as const satisfies Record<Language, string>;

/** The language switcher of the header. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useAppSetting((s) => s.language);
  const setLanguage = useAppSetting((s) => s.setLanguage);
  return (
    <PopoverMenu
      items={languages.map((l) => ({ key: l, label: t(labelKeys[l]), selected: l === language }))}
      onSelect={(key) => setLanguage(key as Language)}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          aria-label={t('common:language')}
          data-testid="language-switch"
          className="flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-2 rounded-md border-0 bg-transparent px-2 text-sm text-white/75 hover:bg-white/5 hover:text-white"
        >
          <Glyph icon={GlobalOutlined} />
          {compact ? null : <span>{t(labelKeys[language])}</span>}
        </button>
      )}
    />
  );
}
