import type { drawing } from '@atelier/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../stores/dialogs';
import { notify } from '../../lib/notify';
import { LazyImage } from '../../components/lazy-image';
import { useCases, useExamples, useParamPieces } from './mj-api';
import { useComposer } from './mj-store';

type Kind = 'examples' | 'cases' | 'params';

function Loading() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton.Image key={i} active className="!aspect-square !h-auto !w-full" />
      ))}
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('midjourney:galleries.loadFailed')}
      extra={<Button onClick={retry}>{t('midjourney:retry')}</Button>}
    />
  );
}

/** A gallery picture with its title; opening it offers to draw the same. */
function ItemTile({ item }: { item: drawing.GalleryItem }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="mj-gallery-item"
      className="group flex cursor-pointer flex-col gap-1 overflow-hidden rounded-lg border border-white/5 bg-white/[0.03] p-0 text-left hover:border-violet-400/50"
      aria-label={`${item.title} – ${t('midjourney:galleries.open')}`}
      onClick={() =>
        useDialogs.getState().open('drawSame', {
          prompt: item.prompt,
          imageUrl: item.imageUrl,
          title: item.title,
          description: item.description,
        })
      }
    >
      <LazyImage
        src={item.thumbUrl || item.imageUrl}
        alt={item.title}
        frameClassName="aspect-square w-full"
        className="h-full w-full object-cover transition-transform group-hover:scale-105"
      />
      <span className="line-clamp-1 px-2 pb-2 text-xs text-white/75">{item.title}</span>
    </button>
  );
}

function Categories(props: {
  list: drawing.GalleryCategory[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  if (!props.list?.length) return null;
  return (
    <div className="overflow-x-auto">
      <Segmented
        size="small"
        value={props.value ?? 0}
        onChange={(v) => props.onChange(Number(v) || undefined)}
        options={[
          { value: 0, label: t('midjourney:galleries.all') },
          ...props.list.map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
    </div>
  );
}

/**
 * The example, case and parameter galleries: examples and cases open a draw-same dialog that
 * fills the composer; a parameter piece is added to the prompt at once.
 */
export function Galleries({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<number | undefined>();
  const examples = useExamples(kind === 'examples');
  const { categories: caseCats, items: cases } = useCases(kind === 'cases', category);
  const { categories: paramCats, items: params } = useParamPieces(kind === 'params', category);

  if (kind === 'params') {
    return (
      <div className="flex flex-col gap-3">
        <p className="m-0 text-xs text-white/50">{t('midjourney:galleries.paramsHint')}</p>
        <Categories list={paramCats.data} value={category} onChange={setCategory} />
        {params.isPending ? (
          <Loading />
        ) : params.isError ? (
          <Failed retry={() => void params.refetch()} />
        ) : params.data.length === 0 ? (
          <Empty description={t('midjourney:galleries.empty')} />
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {params.data.map((p) => (
              <button
                key={p.id}
                type="button"
                className="flex cursor-pointer flex-col overflow-hidden rounded-lg border border-white/5 bg-white/[0.03] p-0 text-left hover:border-violet-400/50"
                onClick={() => {
                  useComposer.getState().appendPrompt(p.value);
                  notify.success(t('midjourney:galleries.added', { name: p.name }));
                }}
              >
                <LazyImage
                  src={p.thumbUrl || p.imageUrl}
                  alt={p.name}
                  frameClassName="aspect-[4/3] w-full"
                  className="h-full w-full object-cover"
                />
                <span className="px-2 pt-1 text-xs font-medium text-white/80">{p.name}</span>
                <code className="line-clamp-1 px-2 pb-2 text-[11px] text-white/55">{p.value}</code>
              </button>
            ))}
          </div>
        )}
      </div>
    );
  }
  const list = kind === 'examples' ? examples : cases;
  return (
    <div className="flex flex-col gap-3">
      {kind === 'cases' ? (
        <Categories list={caseCats.data} value={category} onChange={setCategory} />
      ) : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty description={t('midjourney:galleries.empty')} />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {list.data.map((item) => (
            <ItemTile key={item.id} item={item} />
          ))}
        </div>
      )}
    </div>
  );
}
