import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** AppStore: built by a later issue; until then its frame says what will be there. */
export default function AppStoreScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="app-store" title={t('menu:appStore')} text={t('screens:appStore')} />;
}
