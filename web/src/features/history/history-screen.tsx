import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** History: built by a later issue; until then its frame says what will be there. */
export default function HistoryScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="history" title={t('menu:history')} text={t('screens:history')} />;
}
