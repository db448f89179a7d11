import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** Video: built by a later issue; until then its frame says what will be there. */
export default function VideoScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="video" title={t('menu:video')} text={t('screens:video')} />;
}
