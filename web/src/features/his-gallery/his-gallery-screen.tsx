import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** HisGallery: built by a later issue; until then its frame says what will be there. */
export default function HisGalleryScreen() {
  const { t } = useTranslation();
  return (
    <ComingSoon name="hisGallery" title={t('menu:hisGallery')} text={t('screens:hisGallery')} />
  );
}
