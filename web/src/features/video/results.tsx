import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, lazyThemed, Skeleton } from '../../components/lite/lite';
import { useVideoList, useVideoModels } from './video-api';

/** The cards (antd) load with the first video: a first visit with none fetches no antd. */
const VideoCards = lazyThemed(() => import('./video-cards').then((m) => m.VideoCards));

/** The caller's videos: a grid of posters, progress in numbers while they run. */
export function Results(props: { onUseFrame: (url: string) => void }) {
  const { t } = useTranslation(['video']);
  const list = useVideoList();
  const models = useVideoModels();
  // What the server sends decides: a model that cannot continue a clip offers no extend.
  const canExtend = (m: number | null) =>
    models.data?.rows.find((r) => r.id === m)?.supports.extend ?? true;
  if (list.isError)
    return (
      <div role="alert">
        {t('video:loadFailed')}{' '}
        <Button onClick={() => void list.refetch()}>{t('video:retry')}</Button>
      </div>
    );
  if (list.isLoading) return <div aria-busy="true">…</div>;
  const rows = list.data?.rows ?? [];
  if (!rows.length) return <p className="text-white/60">{t('video:empty')}</p>;
  return (
    <Suspense fallback={<Skeleton active />}>
      <VideoCards rows={rows} canExtend={canExtend} onUseFrame={props.onUseFrame} />
    </Suspense>
  );
}
