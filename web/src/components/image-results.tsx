import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { TaskStatus, type drawing } from '@atelier/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLazyNamespaces } from '../i18n';
import { Glyph } from './glyph';
import { Button, Empty, lazyThemed, Popconfirm, Result, Skeleton } from './lite/lite';

/*
 * The picture kinds' results (/draw, /sd3), drawn without antd at first view (the light
 * stand-ins, docs/web.md "First view without antd"); the viewer and a picture's details and
 * actions load with antd when a picture opens.
 */

/** The viewer, with the texts it draws (its buttons' are `midjourney:`'s). */
const ResultViewer = lazyThemed(() =>
  Promise.all([import('./image-result-viewer'), loadLazyNamespaces(['midjourney'])]).then(
    ([m]) => m.ResultViewer,
  ),
);

type Task = drawing.DrawTask;

export interface ImageResultsProps {
  title: string;
  tasks: Task[] | undefined;
  loading: boolean;
  failed: boolean;
  onReload: () => void;
  /** Submits the same picture again. */
  onRedo: (task: Task) => void;
  /** Fills the form with this picture's prompt and parameters. */
  onDrawSame: (task: Task) => void;
  /** Puts the picture in the form as a reference / starting picture. */
  onUseAsReference: (url: string) => void;
  onDelete: (id: number) => void;
}

/** Whole seconds since an ISO time, ticking every second while `live`. */
function useSecondsSince(iso: string, live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [live]);
  return Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
}

/** antd's small line progress without its text (dark theme), drawn without antd. */
function ProgressBar({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className="ant-progress ant-progress-line ant-progress-small w-full text-sm leading-[22px]"
    >
      <div className="ant-progress-outer w-full">
        <div className="ant-progress-inner relative h-1.5 w-full overflow-hidden rounded-full bg-white/8">
          <div
            className="ant-progress-bg h-1.5 rounded-full bg-[var(--accent,#7c6cf2)] transition-all"
            style={{ width: `${Math.max(0, Math.min(100, percent))}%` }}
          />
        </div>
      </div>
    </div>
  );
}

function StatusLine({ task }: { task: Task }) {
  const { t } = useTranslation();
  const active = task.status === TaskStatus.queued || task.status === TaskStatus.running;
  const seconds = useSecondsSince(task.createdAt, active);
  if (task.status === TaskStatus.queued)
    return (
      <span data-testid="image-status">
        {task.queuePosition !== null
          ? t('images:queued', { position: task.queuePosition + 1 })
          : t('images:queuedNoPos')}
      </span>
    );
  if (task.status === TaskStatus.running)
    return (
      <div className="flex w-full flex-col gap-1" data-testid="image-status">
        <span>{t('images:running', { progress: task.progress, seconds })}</span>
        <ProgressBar percent={task.progress} />
      </div>
    );
  return (
    <span className="text-red-300" data-testid="image-status">
      {t('images:failed')}
      {task.error ? `: ${task.error}` : ''}
    </span>
  );
}

function Card(props: ImageResultsProps & { task: Task; onOpen: () => void }) {
  const { t } = useTranslation();
  const { task } = props;
  const image = task.images[0];
  return (
    <article
      className="flex flex-col gap-2 rounded-lg border border-white/10 bg-white/5 p-2"
      data-testid="image-card"
      data-status={task.status}
    >
      {image ? (
        <button
          type="button"
          onClick={props.onOpen}
          aria-label={t('images:open')}
          className="cursor-zoom-in overflow-hidden rounded border-0 bg-transparent p-0"
        >
          <img
            src={image.thumbUrl}
            alt={task.prompt}
            loading="lazy"
            className="block aspect-square w-full object-cover"
          />
        </button>
      ) : (
        <div className="flex aspect-square w-full items-center justify-center rounded bg-black/30 p-3 text-center text-xs text-white/70">
          <StatusLine task={task} />
        </div>
      )}
      <div className="flex items-start justify-between gap-2">
        <p className="m-0 line-clamp-2 text-xs text-white/70">{task.prompt}</p>
        {task.status !== TaskStatus.queued && task.status !== TaskStatus.running && (
          <Popconfirm title={t('images:deleteConfirm')} onConfirm={() => props.onDelete(task.id)}>
            <Button
              size="small"
              type="text"
              aria-label={t('images:delete')}
              icon={<Glyph icon={DeleteOutlined} />}
            />
          </Popconfirm>
        )}
      </div>
    </article>
  );
}

/** A creation screen's results: cards with their progress in numbers; a picture opens in the viewer. */
export function ImageResults(props: ImageResultsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Task | null>(null);
  if (props.loading)
    return (
      <div aria-busy="true">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  if (props.failed && !props.tasks)
    return (
      <Result
        status="warning"
        title={t('images:loadFailed')}
        extra={
          <Button type="primary" onClick={props.onReload}>
            {t('images:retry')}
          </Button>
        }
      />
    );
  const tasks = props.tasks ?? [];
  const image = open?.images[0];
  return (
    <section aria-label={props.title} className="flex flex-col gap-3">
      <h2 className="m-0 text-base font-medium text-white/85">{props.title}</h2>
      {tasks.length === 0 ? (
        <Empty description={t('images:empty')} className="py-10" />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {tasks.map((task) => (
            <Card key={task.id} {...props} task={task} onOpen={() => setOpen(task)} />
          ))}
        </div>
      )}
      {open && image && (
        <Suspense fallback={null}>
          <ResultViewer {...props} task={open} url={image.url} close={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
