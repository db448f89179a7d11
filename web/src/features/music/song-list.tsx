import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, lazyThemed, Skeleton } from '../../components/lite/lite';
import { useSongs } from './music-api';

/** The cards (antd) load with the first song: a first visit with none fetches no antd. */
const SongCards = lazyThemed(() => import('./song-cards').then((m) => m.SongCards));

/** The user's songs, newest first, with their actions. */
export function SongList() {
  const { t } = useTranslation();
  const songs = useSongs();
  const rows = songs.data?.rows ?? [];
  if (songs.isLoading) return <Skeleton active />;
  if (songs.isError) return <p className="text-sm text-red-300">{t('music:song.loadFailed')}</p>;
  if (rows.length === 0) return <Empty description={t('music:song.empty')} />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <SongCards rows={rows} />
    </Suspense>
  );
}
