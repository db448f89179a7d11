import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Music: built by a later issue; until then its frame says what will be there. */
export default function MusicScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="music" title={t('menu:music')} text={t('screens:music')} />;
}
