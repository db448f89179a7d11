import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Sddraw: built by a later issue; until then its frame says what will be there. */
export default function SddrawScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="sddraw" title={t('menu:sddraw')} text={t('screens:sddraw')} />;
}
