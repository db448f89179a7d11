import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { WorkGrid } from './work-grid';
import { useDeleteWorks, useZip, useZipState, type WorkPage } from './works-api';

/** Select many: how many are chosen, delete them (after a confirmation) or download a zip. */
export function BatchBar(props: {
  selecting: boolean;
  selected: Set<number>;
  onSelecting: (on: boolean) => void;
  onCleared: () => void;
}) {
  const { t } = useTranslation();
  const del = useDeleteWorks();
  const zip = useZip();
  const [zipId, setZipId] = useState<number | null>(null);
  const state = useZipState(zipId);
  const row = state.data?.rows[0];
  const ids = [...props.selected];
  if (!props.selecting)
    return (
      <Button data-testid="batch-select" onClick={() => props.onSelecting(true)}>
        {t('works:batch.select')}
      </Button>
    );
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label={t('works:batch.select')}
    >
      <span className="text-sm text-white/70">{t('works:batch.count', { count: ids.length })}</span>
      <Popconfirm
        title={t('works:batch.confirmDelete', { count: ids.length })}
        okText={t('works:batch.delete')}
        cancelText={t('works:common.cancel')}
        okButtonProps={{ danger: true }}
        disabled={ids.length === 0}
        onConfirm={async () => {
          const r = await del.mutateAsync(ids);
          notify.success(t('works:batch.deleted', { count: r.deleted }));
          props.onCleared();
        }}
      >
        <Button danger disabled={ids.length === 0} loading={del.isPending}>
          {t('works:batch.delete')}
        </Button>
      </Popconfirm>
      <Button
        disabled={ids.length === 0}
        loading={zip.isPending}
        onClick={async () => setZipId((await zip.mutateAsync(ids)).id)}
      >
        {t('works:batch.download')}
      </Button>
      {row && row.status !== 3 && row.status !== 4 ? (
        <span className="w-40">
          <Progress percent={row.progress} size="small" />
        </span>
      ) : null}
      {row?.url ? (
        <a href={row.url} download className="text-sm text-violet-300">
          {t('works:batch.ready', { count: row.count })}
        </a>
      ) : null}
      {row?.error ? <span className="text-sm text-red-300">{row.error}</span> : null}
      <Button
        type="text"
        onClick={() => {
          props.onCleared();
          props.onSelecting(false);
        }}
      >
        {t('works:batch.done')}
      </Button>
    </div>
  );
}

/** The selection of a grid. */
export function useSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { selecting, setSelecting, selected, toggle, clear: () => setSelected(new Set()) };
}

/**
 * One's own works as a screen shows them: a row of the screen's filters with the select-many
 * bar, then the grid (a tile opens the work, or is chosen while selecting).
 */
export function SelectableWorks(props: {
  query: UseInfiniteQueryResult<InfiniteData<WorkPage>>;
  empty: string;
  filters: ReactNode;
}) {
  const navigate = useNavigate();
  const sel = useSelection();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {props.filters}
        <BatchBar
          selecting={sel.selecting}
          selected={sel.selected}
          onSelecting={sel.setSelecting}
          onCleared={sel.clear}
        />
      </div>
      <WorkGrid
        query={props.query}
        empty={props.empty}
        onOpen={(w) => void navigate(`/workDetails?id=${w.id}`)}
        selecting={sel.selecting}
        selected={sel.selected}
        onToggle={(w) => sel.toggle(w.id)}
      />
    </>
  );
}
