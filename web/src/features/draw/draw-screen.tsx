import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Draw: built by a later issue; until then its frame says what will be there. */
export default function DrawScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="draw" title={t('menu:draw')} text={t('screens:draw')} />;
}
