import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Sd3: built by a later issue; until then its frame says what will be there. */
export default function Sd3Screen() {
  const { t } = useTranslation();
  return <ComingSoon name="sd3" title={t('menu:sd3')} text={t('screens:sd3')} />;
}
