import type { apps } from '@atelier/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Empty, lazyThemed, Result, Skeleton } from '../../components/lite/lite';
import { ScreenHeader } from '../../components/screen-header';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { AppCard } from './app-card';
import { useCategories, useMyApps, useMyAppsActions, useStoreApps } from './apps-api';
import { MyAppsRow, SkeletonButton } from './my-apps-row';
import { StoreSearch } from './store-search';

/** An app's details (antd's drawer): fetched when an app is first opened. */
const AppDetailDrawer = lazyThemed(() =>
  import('./app-detail-drawer').then((m) => m.AppDetailDrawer),
);

/** Typing settles for this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const gridClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4';

/** The category buttons ("all" first; empty categories are left out). */
function CategoryNav(props: { selected: number | null; onSelect: (id: number | null) => void }) {
  const { t } = useTranslation(['apps', 'menu']);
  const cats = useCategories();
  const categoryId = props.selected;
  const setCategoryId = props.onSelect;
  return (
    <nav
      aria-label={t('menu:appStore')}
      className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {cats.isPending
        ? [0, 1, 2, 3, 4].map((i) => <SkeletonButton key={i} round width={88} />)
        : [
            { id: null, name: t('apps:store.all') },
            ...(cats.data?.rows.filter((c) => c.count > 0) ?? []),
          ].map((c) => (
            <Button
              key={c.id ?? 'all'}
              shape="round"
              type={categoryId === c.id ? 'primary' : 'default'}
              aria-pressed={categoryId === c.id}
              onClick={() => setCategoryId(c.id)}
              className="shrink-0"
            >
              {c.name}
            </Button>
          ))}
    </nav>
  );
}

function Store() {
  const { t } = useTranslation(['apps', 'menu', 'screens']);
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [openId, setOpenId] = useState<number | null>(null);
  // The drawer's chunk is fetched on the first opening; it stays to animate its closings.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (openId !== null && !drawerWanted) setDrawerWanted(true);
  const cats = useCategories();
  const list = useStoreApps(categoryId, keyword);
  const mine = useMyApps();
  const { collect, uncollect, sort } = useMyAppsActions();

  // The open app, fresh from whichever list holds it (its "added" state follows changes).
  const known = [...(list.data?.rows ?? []), ...(mine.data?.rows ?? [])];
  const open = known.find((a) => a.id === openId) ?? null;
  const busyId =
    (collect.isPending && collect.variables) || (uncollect.isPending && uncollect.variables);
  const toggle = (app: apps.App) =>
    app.collected ? uncollect.mutate(app.id) : collect.mutate(app.id);
  const chat = (app: apps.App) => void navigate(`/Chat?appId=${app.id}`);
  const categoryName = (id: number | null) =>
    cats.data?.rows.find((c) => c.id === id)?.name ?? null;

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-8">
      <ScreenHeader icon="app-store" title={t('menu:appStore')} subtitle={t('screens:appStore')} />

      <MyAppsRow
        rows={mine.data?.rows}
        loading={mine.isPending}
        onOpen={(app) => setOpenId(app.id)}
        onRemove={(app) => uncollect.mutate(app.id)}
        onReorder={(ids) => sort.mutate(ids)}
      />

      <div className="flex flex-col gap-3">
        <StoreSearch
          value={typed}
          onChange={setTyped}
          placeholder={t('apps:store.search')}
          className="sm:max-w-md"
        />
        <CategoryNav selected={categoryId} onSelect={setCategoryId} />
      </div>

      {list.isPending ? (
        <div className={gridClass} aria-busy="true" data-testid="apps-loading">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="rounded-xl border border-white/5 bg-[#141419] p-4">
              <Skeleton active avatar={{ shape: 'square', size: 48 }} paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <Result
          status="warning"
          title={t('apps:loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('apps:retry')}</Button>}
        />
      ) : list.data.count === 0 ? (
        <div className="flex flex-col items-center gap-4 py-12">
          <Empty
            description={keyword ? t('apps:store.noMatch', { keyword }) : t('apps:store.empty')}
          />
          {keyword && <Button onClick={() => setTyped('')}>{t('apps:store.clearSearch')}</Button>}
        </div>
      ) : (
        <>
          <p className="m-0 text-xs text-white/55" aria-live="polite">
            {t('apps:store.count', { count: list.data.count })}
          </p>
          <div className={gridClass}>
            {list.data.rows.map((app) => (
              <AppCard
                key={app.id}
                app={app}
                busy={busyId === app.id}
                onOpen={() => setOpenId(app.id)}
                onToggle={() => toggle(app)}
                onChat={() => chat(app)}
              />
            ))}
          </div>
        </>
      )}

      {drawerWanted && (
        <Suspense fallback={null}>
          <AppDetailDrawer
            app={open}
            categoryName={categoryName(open?.categoryId ?? null)}
            busy={busyId === open?.id}
            onClose={() => setOpenId(null)}
            onToggle={toggle}
            onChat={chat}
          />
        </Suspense>
      )}
    </section>
  );
}

/**
 * `/app-store`: "my apps" (add, remove, arrange), the catalogue by category with a search, an
 * app's details, and "start chat", which opens `/Chat?appId=<id>` (the chat screen creates the
 * group for that app).
 */
export default function AppStoreScreen() {
  // Its own texts alone (one chunk), not every screen's.
  const ready = useLazyTexts(['apps']);
  if (!ready)
    return (
      <div className="mx-auto w-full max-w-7xl px-3 py-8 sm:px-6">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  return <Store />;
}
