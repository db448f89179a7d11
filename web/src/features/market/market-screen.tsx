import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Market: built by a later issue; until then its frame says what will be there. */
export default function MarketScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="market" title={t('menu:market')} text={t('screens:market')} />;
}
