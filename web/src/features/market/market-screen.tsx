import type { market } from '@atelier/contracts';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import {
  Button,
  lazyThemed,
  Result,
  Select,
  SimpleEmpty,
  Skeleton,
} from '../../components/lite/lite';
import {
  SearchField,
  Segmented,
  SkeletonButton,
  SkeletonImage,
} from '../../components/lite/lite-forms';
import { ScreenHeader } from '../../components/screen-header';
import { loadLazyNamespaces } from '../../i18n';
import { useDialogs } from '../../stores/dialogs';
import { useMarketCategories, usePromptList, type MarketTab } from './market-api';
import { PromptCard } from './prompt-card';
import { useMarket } from './use-market';

/*
 * The first view (tabs, filters, categories, the grid) draws no antd (components/lite); the
 * publish dialog loads with antd and the kinds' names (`works`) when it is first opened.
 */
const PublishDialog = lazyThemed(() =>
  Promise.all([import('./publish-dialog'), loadLazyNamespaces(['works'])]).then(
    ([m]) => m.PublishDialog,
  ),
);

const SEARCH_DEBOUNCE_MS = 300;
const gridClass = 'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5';
const KINDS = ['chat', 'mj', 'chat-draw', 'image', 'sd', 'video', 'music'] as const;

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function CategoryNav(props: { selected: number | null; onSelect: (id: number | null) => void }) {
  const { t } = useTranslation(['market', 'menu']);
  const cats = useMarketCategories();
  if (cats.isPending)
    return (
      <div className="flex gap-2">
        {[0, 1, 2, 3].map((i) => (
          <SkeletonButton key={i} shape="round" style={{ width: 80 }} />
        ))}
      </div>
    );
  return (
    <nav
      aria-label={t('menu:market')}
      className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {[{ id: null, name: t('market:allCategories'), count: 0 }, ...(cats.data?.rows ?? [])].map(
        (c) => (
          <Button
            key={c.id ?? 'all'}
            shape="round"
            className="shrink-0"
            type={props.selected === c.id ? 'primary' : 'default'}
            aria-pressed={props.selected === c.id}
            onClick={() => props.onSelect(c.id)}
          >
            {c.name}
          </Button>
        ),
      )}
    </nav>
  );
}

function Filters(props: {
  typed: string;
  setTyped: (v: string) => void;
  kind: string;
  setKind: (v: string) => void;
  sort: market.MarketSort;
  setSort: (v: market.MarketSort) => void;
}) {
  const { t } = useTranslation('market');
  const kindLabels: Record<(typeof KINDS)[number], string> = {
    chat: t('kind.chat'),
    mj: t('kind.mj'),
    'chat-draw': t('kind.chat-draw'),
    image: t('kind.image'),
    sd: t('kind.sd'),
    video: t('kind.video'),
    music: t('kind.music'),
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchField
        value={props.typed}
        onChange={props.setTyped}
        placeholder={t('search')}
        aria-label={t('search')}
        className="sm:max-w-sm"
      />
      <div className="flex gap-2">
        <Select
          aria-label={t('allKinds')}
          className="min-w-32"
          value={props.kind}
          onChange={props.setKind}
          options={[
            { value: '', label: t('allKinds') },
            ...KINDS.map((k) => ({ value: k, label: kindLabels[k] })),
          ]}
        />
        <Segmented<market.MarketSort>
          value={props.sort}
          onChange={props.setSort}
          options={[
            { value: 'newest', label: t('sort.newest') },
            { value: 'liked', label: t('sort.liked') },
            { value: 'used', label: t('sort.used') },
          ]}
        />
      </div>
    </div>
  );
}

/** The grid's cards while the list loads. */
function GridSkeleton() {
  return (
    <div className={gridClass} aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border border-white/5 bg-[#141419]">
          <SkeletonImage className="aspect-[4/3] w-full" />
          <div className="p-3">
            <Skeleton active paragraph={{ rows: 1 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

function Market() {
  const { t } = useTranslation(['market', 'menu', 'screens']);
  const m = useMarket();
  const [tab, setTab] = useState<MarketTab>('all');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [kind, setKind] = useState('');
  const [sort, setSort] = useState<market.MarketSort>('newest');
  const [publishing, setPublishing] = useState(false);
  const keyword = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const filter = {
    sort,
    ...(categoryId ? { categoryId } : {}),
    ...(keyword ? { keyword } : {}),
    ...(kind ? { kind } : {}),
  };
  const list = usePromptList(tab, filter, tab === 'all' || m.signedIn);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;
  const open = (p: market.MarketPrompt) => useDialogs.getState().open('marketPrompt', { id: p.id });
  const emptyText =
    tab === 'collected'
      ? t('market:emptyCollected')
      : tab === 'mine'
        ? t('market:emptyMine')
        : keyword
          ? t('market:noMatch', { keyword })
          : t('market:empty');

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-4 sm:gap-5 sm:px-6 sm:py-8">
      <ScreenHeader
        icon="market"
        title={t('menu:market')}
        subtitle={t('screens:market')}
        action={
          <Button
            type="primary"
            icon={<Glyph icon={PlusOutlined} />}
            onClick={() => (m.signedIn ? setPublishing(true) : useDialogs.getState().open('login'))}
          >
            {t('market:publish.open')}
          </Button>
        }
      />
      <Segmented<MarketTab>
        value={tab}
        onChange={(v) =>
          v === 'all' || m.signedIn ? setTab(v) : useDialogs.getState().open('login')
        }
        options={[
          { value: 'all', label: t('market:tabs.all') },
          { value: 'collected', label: t('market:tabs.collected') },
          { value: 'mine', label: t('market:tabs.mine') },
        ]}
        className="self-start"
      />
      {tab === 'all' && (
        <>
          <Filters {...{ typed, setTyped, kind, setKind, sort, setSort }} />
          <CategoryNav selected={categoryId} onSelect={setCategoryId} />
        </>
      )}
      {list.isPending ? (
        <GridSkeleton />
      ) : list.isError ? (
        <Result
          status="warning"
          title={t('market:loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('market:retry')}</Button>}
        />
      ) : rows.length === 0 ? (
        <SimpleEmpty className="py-12" description={emptyText}>
          {keyword && tab === 'all' && (
            <Button onClick={() => setTyped('')}>{t('market:clearSearch')}</Button>
          )}
        </SimpleEmpty>
      ) : (
        <>
          <p className="m-0 text-xs text-white/55" aria-live="polite">
            {t('market:count', { count })}
          </p>
          <div className={gridClass}>
            {rows.map((p) => (
              <PromptCard
                key={p.id}
                prompt={p}
                busy={m.busy(p.id)}
                onOpen={() => open(p)}
                onLike={() => m.like(p)}
                onCollect={() => m.collect(p)}
                onUse={() => void m.use(p).catch(() => null)}
              />
            ))}
          </div>
          <div className="flex flex-col items-center gap-2">
            <span className="text-xs text-white/50">
              {t('market:shown', { shown: rows.length, count })}
            </span>
            {list.hasNextPage && (
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('market:loadMore')}
              </Button>
            )}
          </div>
        </>
      )}
      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog open onClose={() => setPublishing(false)} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * `/market`: the prompt market. Categories, search, kind and order; a grid of prompt cards
 * with their example; likes and collections; my collection and my published prompts; the
 * publish dialog; each card opens the market prompt dialog, and "use" opens the composer of
 * its kind with every parameter filled.
 */
export default function MarketScreen() {
  // Its texts (`market`) come with the route (router.tsx, `withTexts`).
  return <Market />;
}
