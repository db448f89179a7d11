import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Midjourney: built by a later issue; until then its frame says what will be there. */
export default function MidjourneyScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon name="Midjourney" title={t('menu:midjourney')} text={t('screens:midjourney')} />
  );
}
