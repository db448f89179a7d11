import { useTranslation } from 'react-i18next';

/** The small "Soon" tag of a menu or launcher entry whose screen is still to come. */
export function SoonTag() {
  const { t } = useTranslation();
  return (
    <span className="shrink-0 rounded border border-white/15 px-1.5 py-px text-[10px] leading-4 font-medium whitespace-nowrap text-white/55">
      {t('shell:soon')}
    </span>
  );
}
