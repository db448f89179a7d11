import { useTranslation } from 'react-i18next';

/** The words of the size, quality, style and background choices (whole keys, for the locale check). */
export function useChoiceLabels() {
  const { t } = useTranslation();
  const quality: Record<string, string> = {
    standard: t('images:qualities.standard'),
    hd: t('images:qualities.hd'),
    low: t('images:qualities.low'),
    medium: t('images:qualities.medium'),
    high: t('images:qualities.high'),
    auto: t('images:qualities.auto'),
  };
  const style: Record<string, string> = {
    vivid: t('images:styles.vivid'),
    natural: t('images:styles.natural'),
  };
  const background: Record<string, string> = {
    auto: t('images:backgrounds.auto'),
    transparent: t('images:backgrounds.transparent'),
    opaque: t('images:backgrounds.opaque'),
  };
  const size = (s: string) => (s === 'auto' ? t('images:sizes.auto') : s.replace('x', ' × '));
  return { quality, style, background, size };
}
