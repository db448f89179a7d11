import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Pay: built by a later issue; until then its frame says what will be there. */
export default function PayScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="pay" title={t('menu:pay')} text={t('screens:pay')} />;
}
