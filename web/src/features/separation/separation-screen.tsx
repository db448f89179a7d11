import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Separation: built by a later issue; until then its frame says what will be there. */
export default function SeparationScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon name="separation" title={t('menu:separation')} text={t('screens:separation')} />
  );
}
