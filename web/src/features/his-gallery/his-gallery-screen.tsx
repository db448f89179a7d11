import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AlbumList } from '../../components/works/album-list';
import { WorksFrame } from '../../components/works/screen-frame';
import { WorkGrid } from '../../components/works/work-grid';
import { loadSquare, useDesigner, useWorkPages } from '../../components/works/works-api';

/**
 * `/hisGallery?userId=`: one designer's public page: totals, albums and published works;
 * without a `userId`, the public square.
 */
export default function HisGalleryScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const userId = Number(search.get('userId') ?? 0) || 0;
  const designer = useDesigner(userId);
  const query = useWorkPages(['designer', userId], loadSquare({ userId, sort: 'new' }), userId > 0);
  const d = designer.data;
  // No designer named: the public square is the page of everyone's works.
  if (userId <= 0) return <Navigate to="/designerWork" replace />;
  return (
    <WorksFrame
      icon="hisGallery"
      title={d ? d.author.name : t('menu:hisGallery')}
      text={t('screens:hisGallery')}
    >
      {designer.isPending && userId > 0 ? (
        <Skeleton active />
      ) : !d ? (
        <Alert type="warning" showIcon message={t('works:designer.notFound')} />
      ) : (
        <>
          <div className="flex flex-wrap gap-8" data-testid="designer-totals">
            <Statistic title={t('works:designer.works')} value={d.totals.works} />
            <Statistic title={t('works:designer.likes')} value={d.totals.likes} />
            <Statistic title={t('works:designer.collects')} value={d.totals.collects} />
          </div>
          {d.albums.length ? (
            <section className="flex flex-col gap-2">
              <h2 className="m-0 text-base text-white/80">{t('works:gallery.albums')}</h2>
              <AlbumList albums={d.albums} />
            </section>
          ) : null}
          <WorkGrid
            query={query}
            empty={t('works:designer.empty')}
            onOpen={(w) => void navigate(`/workDetails?id=${w.id}`)}
          />
        </>
      )}
    </WorksFrame>
  );
}
