import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { TaskStatus, type sd } from '@atelier/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button, lazyThemed, Popconfirm } from '../../components/lite/lite';
import { Progress } from '../../components/lite/lite-forms';
import { loadLazyNamespaces } from '../../i18n';
import { useDeleteSd, useSdResults } from './sd-api';

/**
 * The picture viewer with its parameters and tools (antd) and its texts (the viewer's and the
 * picture tools'): fetched when a picture is opened.
 */
const SdViewer = lazyThemed(() =>
  Promise.all([import('./sd-viewer'), loadLazyNamespaces(['midjourney', 'images'])]).then(
    ([m]) => m.SdViewer,
  ),
);

/** A waiting or running picture's place in line, percent and seconds, in words. */
export function StatusLine({ task }: { task: sd.SdTask }) {
  const { t } = useTranslation();
  const seconds = task.etaSeconds ?? 0;
  if (task.status === TaskStatus.queued)
    return (
      <p className="m-0 text-xs text-white/70" data-testid="sd-status">
        {t('sd:status.queued', { position: task.queuePosition ?? 0, seconds })}
      </p>
    );
  if (task.status === TaskStatus.running)
    return (
      <div data-testid="sd-status">
        <Progress percent={task.progress} size="small" showInfo={false} />
        <p className="m-0 text-xs text-white/70">
          {t('sd:status.running', { percent: task.progress, seconds })}
        </p>
      </div>
    );
  if (task.status === TaskStatus.failed)
    return (
      <p className="m-0 text-xs text-red-300" data-testid="sd-status">
        {t('sd:status.failed', { error: task.error ?? '' })}
      </p>
    );
  return null;
}

/** The caller's pictures of the square; a finished one opens in the viewer with its parameters. */
export function SdResults(props: { onRedo: (task: sd.SdTask) => void }) {
  const { t } = useTranslation();
  const results = useSdResults();
  const del = useDeleteSd();
  const [open, setOpen] = useState<sd.SdTask | null>(null);
  const rows = results.data?.rows ?? [];
  const image = open?.images[0];
  return (
    <section aria-labelledby="sd-results" className="flex flex-col gap-3">
      <h2 id="sd-results" className="m-0 text-base font-semibold text-white/85">
        {t('sd:results')}
      </h2>
      {rows.length === 0 && <p className="m-0 text-sm text-white/50">{t('sd:noResults')}</p>}
      <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 xl:grid-cols-4">
        {rows.map((task) => (
          <li
            key={task.id}
            className="flex flex-col gap-1 rounded-lg bg-white/5 p-2"
            data-testid="sd-task"
          >
            {task.images[0] ? (
              <button
                type="button"
                className="cursor-zoom-in border-0 bg-transparent p-0"
                aria-label={t('sd:open')}
                onClick={() => setOpen(task)}
              >
                <img
                  src={task.images[0].thumbUrl}
                  alt={task.prompt}
                  className="aspect-square w-full rounded object-cover"
                />
              </button>
            ) : (
              <div className="flex aspect-square items-center justify-center rounded bg-black/30 p-2">
                <StatusLine task={task} />
              </div>
            )}
            <p className="m-0 line-clamp-2 text-xs text-white/70">{task.prompt}</p>
            <div className="flex items-center justify-between text-xs text-white/60">
              <span>{task.modelName}</span>
              <Popconfirm title={t('sd:confirmDelete')} onConfirm={() => del.mutate(task.id)}>
                <Button
                  size="small"
                  type="text"
                  icon={<Glyph icon={DeleteOutlined} />}
                  aria-label={t('sd:del')}
                />
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
      {open && image && (
        <Suspense fallback={null}>
          <SdViewer task={open} image={image} onRedo={props.onRedo} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
