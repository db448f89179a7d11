import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerImage } from '../../components/image-viewer';
import { Button, Empty, lazyThemed, Result, Skeleton } from '../../components/lite/lite';
import { useOlderResults } from './mj-api';
import { refreshResults, useLatestResults } from './mj-data';

/**
 * A drawing's card (progress, its buttons, the video popover): fetched with the first drawing,
 * so a first visit with none fetches neither it nor its antd (progress, popconfirm, popover).
 */
const TaskCard = lazyThemed(() => import('./task-card').then((m) => m.TaskCard));
/** The picture viewer (antd's buttons and tooltips): fetched when a picture is opened. */
const ImageViewer = lazyThemed(() =>
  import('../../components/image-viewer').then((m) => m.ImageViewer),
);

/**
 * The user's drawings, newest first: the latest 8 (polled while one moves) and older pages on
 * demand; a picture opens in the viewer.
 */
export function Results() {
  const { t } = useTranslation();
  const latest = useLatestResults();
  const [viewing, setViewing] = useState<ViewerImage | null>(null);
  const older = useOlderResults();
  const rows = useMemo(() => {
    const seen = new Set<number>();
    const all = [...(latest.data?.rows ?? []), ...(older.data?.pages.flatMap((p) => p.rows) ?? [])];
    return all.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  }, [latest.data, older.data]);
  const count = latest.data?.count ?? 0;
  const more = rows.length < count;

  if (latest.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton rows={4} />
        <div className="ant-skeleton h-48 w-full animate-pulse rounded-lg bg-white/6" />
      </div>
    );
  if (latest.isError && !latest.data)
    return (
      <Result
        status="warning"
        title={t('midjourney:results.loadFailed')}
        extra={
          <Button onClick={() => refreshResults()} type="primary">
            {t('midjourney:retry')}
          </Button>
        }
      />
    );

  return (
    <section aria-label={t('midjourney:results.title')} className="flex flex-col gap-3">
      <div className="flex items-center justify-between text-sm text-white/55">
        <span>{t('midjourney:results.count', { count })}</span>
        {latest.data && latest.data.countQueue > 0 ? (
          <span data-testid="mj-queue-count">
            {t('midjourney:results.inQueue', { count: latest.data.countQueue })}
          </span>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <Empty description={t('midjourney:results.empty')} className="py-10" />
      ) : (
        <div className="grid grid-cols-1 items-start gap-3 xl:grid-cols-2">
          <Suspense fallback={<Skeleton />}>
            {rows.map((task) => (
              <TaskCard key={task.id} task={task} onView={setViewing} />
            ))}
          </Suspense>
        </div>
      )}
      {more ? (
        <Button
          block
          loading={older.isFetching}
          onClick={() => void (older.data ? older.fetchNextPage() : older.refetch())}
        >
          {t('midjourney:results.more')}
        </Button>
      ) : null}
      {viewing ? (
        <Suspense fallback={null}>
          <ImageViewer image={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
