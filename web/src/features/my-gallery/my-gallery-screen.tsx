import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** MyGallery: built by a later issue; until then its frame says what will be there. */
export default function MyGalleryScreen() {
  const { t } = useTranslation();
  return <ComingSoon name="myGallery" title={t('menu:myGallery')} text={t('screens:myGallery')} />;
}
