import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** A photo album (`/photoAlbum/:photoAlbumId`, the id passed as a prop); built by a later issue. */
export default function PhotoAlbumScreen({ photoAlbumId }: { photoAlbumId: string }) {
  const { t } = useTranslation();
  return (
    <ComingSoon
      name="photoAlbum"
      title={t('menu:photoAlbum')}
      text={t('screens:photoAlbum', { id: photoAlbumId })}
    />
  );
}
