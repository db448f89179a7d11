import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkPage, Work } from './works-api';
import { posterOf, WorkMedia } from './work-media';

/** Skeleton tiles of a loading page (heights vary like the masonry they stand for). */
export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="columns-2 gap-3 sm:columns-3 lg:columns-4" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="mb-3 break-inside-avoid">
          <Skeleton.Node active className="!w-full" style={{ height: 140 + ((i * 53) % 120) }}>
            <span />
          </Skeleton.Node>
        </div>
      ))}
    </div>
  );
}

function StatusLayer({ work }: { work: Work }) {
  const { t } = useTranslation();
  if (work.status === 3) return null;
  if (work.status === 4)
    return (
      <div className="bg-red-950/60 p-3 text-xs text-red-200">
        {t('works:card.failed')}
        {work.error ? `: ${work.error}` : ''}
      </div>
    );
  return (
    <div className="p-3 text-xs text-white/70">
      {work.status === 1 ? t('works:card.queued') : t('works:card.running')}
      <Progress percent={work.progress} size="small" />
    </div>
  );
}

/** One tile: the picture (or player), its title or prompt, author and likes. */
export function WorkCard(props: {
  work: Work;
  onOpen: (w: Work) => void;
  selecting?: boolean;
  selected?: boolean;
  onToggle?: (w: Work) => void;
}) {
  const { t } = useTranslation();
  const w = props.work;
  const label = w.title || w.prompt || t('works:card.untitled');
  return (
    <article
      data-testid="work-card"
      data-work-id={w.id}
      className={`relative mb-3 break-inside-avoid overflow-hidden rounded-lg border bg-[#16161c] ${
        props.selected ? 'border-violet-400' : 'border-white/5'
      }`}
    >
      {w.status === 3 ? (
        <WorkMedia file={w.cover} alt={label} poster={posterOf(w.files)} />
      ) : (
        <StatusLayer work={w} />
      )}
      <button
        type="button"
        onClick={() => (props.selecting ? props.onToggle?.(w) : props.onOpen(w))}
        className="flex w-full cursor-pointer flex-col gap-1 border-0 bg-transparent p-2 text-left text-white/80 hover:bg-white/5"
      >
        <span className="line-clamp-2 text-sm">{label}</span>
        <span className="flex items-center justify-between text-xs text-white/45">
          <span className="truncate">
            {w.mine
              ? w.isPublic
                ? t('works:card.public')
                : t('works:card.private')
              : w.author.name}
            {w.hidden ? ` · ${t('works:card.hidden')}` : ''}
          </span>
          <span className="flex items-center gap-1" aria-label={t('works:card.likes')}>
            {w.liked ? <HeartFilled className="text-rose-400" /> : <HeartOutlined />}
            {w.likeCount}
          </span>
        </span>
      </button>
      {w.isExample && !props.selecting ? (
        // A seeded example of a new site (docs/works.md), told apart from people's works.
        <Tag color="geekblue" className="!absolute top-2 left-2 !m-0">
          {t('works:card.example')}
        </Tag>
      ) : null}
      {props.selecting ? (
        <Checkbox
          className="!absolute top-2 left-2"
          checked={props.selected}
          onChange={() => props.onToggle?.(w)}
          aria-label={t('works:grid.select', { title: label })}
        />
      ) : null}
    </article>
  );
}

/**
 * A masonry grid over pages of works that loads the next page when its end scrolls into view
 * (or with the "more" button, for keyboards), with skeletons, the empty and the error states.
 */
export function WorkGrid(props: {
  query: UseInfiniteQueryResult<InfiniteData<WorkPage>>;
  onOpen: (w: Work) => void;
  empty: string;
  selecting?: boolean;
  selected?: Set<number>;
  onToggle?: (w: Work) => void;
}) {
  const { t } = useTranslation();
  const q = props.query;
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (q.isPending) return <GridSkeleton />;
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('works:grid.failed')}
        action={<Button onClick={() => void q.refetch()}>{t('works:grid.retry')}</Button>}
      />
    );
  const works = q.data.pages.flatMap((p) => p.rows);
  const total = q.data.pages[0]?.count ?? 0;
  if (works.length === 0) return <Empty description={props.empty} />;
  return (
    <div className="flex flex-col gap-3">
      <div className="columns-2 gap-3 sm:columns-3 lg:columns-4" data-testid="work-grid">
        {works.map((w) => (
          <WorkCard
            key={w.id}
            work={w}
            onOpen={props.onOpen}
            selecting={props.selecting}
            selected={props.selected?.has(w.id)}
            onToggle={props.onToggle}
          />
        ))}
      </div>
      {isFetchingNextPage ? <GridSkeleton count={4} /> : null}
      <div ref={end} className="flex items-center justify-center gap-3 text-xs text-white/45">
        <span>{t('works:grid.shown', { shown: works.length, total })}</span>
        {hasNextPage ? (
          <Button size="small" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('works:grid.more')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
