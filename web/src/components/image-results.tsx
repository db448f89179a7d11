import {
  DeleteOutlined,
  PictureOutlined,
  RedoOutlined,
  ToolOutlined,
  CopyOutlined,
} from '@ant-design/icons';
import { TaskStatus, type drawing } from '@atelier/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramName, paramValue } from '../lib/param-names';
import { useNavigate } from 'react-router';
import { ImageViewer } from './image-viewer';
import { PictureToolActions } from './picture-actions';

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
        <Progress percent={task.progress} size="small" showInfo={false} />
      </div>
    );
  return (
    <span className="text-red-300" data-testid="image-status">
      {t('images:failed')}
      {task.error ? `: ${task.error}` : ''}
    </span>
  );
}

/** What the viewer shows beside a picture: prompt, parameters, seed and actions. */
function Details(props: ImageResultsProps & { task: Task; url: string; close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { task, url } = props;
  const params = Object.entries(task.params).flatMap(([k, v]) => {
    const name = k === 'seed' ? null : paramName(k, t);
    return name && v !== undefined && v !== null && v !== '' ? [[name, paramValue(v, t, k)]] : [];
  });
  const seed = task.params.seed;
  const act = (fn: () => void) => () => {
    props.close();
    fn();
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="m-0 break-words whitespace-pre-wrap">{task.prompt}</p>
      {task.finalPrompt !== task.prompt && (
        <div>
          <div className="text-xs text-white/50">{t('images:revisedPrompt')}</div>
          <p className="m-0 break-words" data-testid="revised-prompt">
            {task.finalPrompt}
          </p>
        </div>
      )}
      <div>
        <div className="text-xs text-white/50">{t('images:params')}</div>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-white/50">{t('images:model')}</dt>
          <dd className="m-0">{task.modelName}</dd>
          {params.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-white/50">{k}</dt>
              <dd className="m-0 break-all">{v}</dd>
            </div>
          ))}
          {seed !== undefined && (
            <>
              <dt className="text-white/50">{t('images:seed')}</dt>
              <dd className="m-0" data-testid="viewer-seed">
                {String(seed)}
              </dd>
            </>
          )}
        </dl>
        <div className="mt-1 text-xs text-white/50">
          {t('images:credits', { credits: task.credits })}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="small" icon={<RedoOutlined />} onClick={act(() => props.onRedo(task))}>
          {t('images:redo')}
        </Button>
        <Button size="small" icon={<CopyOutlined />} onClick={act(() => props.onDrawSame(task))}>
          {t('images:drawSame')}
        </Button>
        <Button
          size="small"
          icon={<PictureOutlined />}
          onClick={act(() => props.onUseAsReference(url))}
        >
          {t('images:useAsReference')}
        </Button>
        <Button
          size="small"
          icon={<ToolOutlined />}
          onClick={act(() =>
            navigate('/tools', {
              state: {
                prefill: {
                  kind: 'tools',
                  prompt: task.prompt,
                  params: { image: url, taskId: task.id },
                },
              },
            }),
          )}
        >
          {t('images:sendToTools')}
        </Button>
        <PictureToolActions picture={{ url, prompt: task.prompt }} before={props.close} />
      </div>
    </div>
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
              icon={<DeleteOutlined />}
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
        <ImageViewer
          image={{ url: image.url, name: `picture-${open.id}.png`, alt: open.prompt }}
          onClose={() => setOpen(null)}
          details={<Details {...props} task={open} url={image.url} close={() => setOpen(null)} />}
        />
      )}
    </section>
  );
}
