import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { isTaskActive, TaskStatus } from '@atelier/contracts';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useDialogs } from '../../stores/dialogs';
import { StatusTag, useActionLabel, useButtonText } from './task-labels';
import { buttonKind } from './buttons';
import { describedPrompts } from './described';
import { taskAspect } from './aspect';
import { LazyImage } from '../../components/lazy-image';
import { SourcePictures } from './source-pictures';
import { downloadUrl } from '../../lib/download';
import { useDeleteDraw, useRedoDraw, useRunButton } from './mj-api';
import type { DrawTask } from './mj-data';
import { useComposer } from './mj-store';
import { MjVideoAction, MjVideoPlayer, useCanMakeVideo } from './mj-video-action';
import type { ViewerImage } from '../../components/image-viewer';

/** One drawing in the list: its header, progress or failure, picture, actions and footer. */
export function TaskCard({
  task,
  onView,
}: {
  task: DrawTask;
  onView: (image: ViewerImage) => void;
}) {
  return (
    <article
      data-testid="mj-task"
      data-task-id={task.id}
      data-status={task.status}
      className="flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-3 sm:p-4"
    >
      <TaskHeader task={task} />
      {task.prompt ? (
        <p className="m-0 line-clamp-3 text-sm break-words text-white/70" title={task.finalPrompt}>
          {task.prompt}
        </p>
      ) : null}

      <SourcePictures sources={task.sources} taskId={task.id} onView={onView} />

      {isTaskActive(task.status) ? <TaskProgress task={task} /> : null}

      {task.status === TaskStatus.failed ? <TaskFailure task={task} /> : null}

      <TaskImage task={task} onView={onView} />
      {task.status === TaskStatus.succeeded ? <MjVideoPlayer task={task} /> : null}

      {task.status === TaskStatus.succeeded && task.description ? (
        <DescribedList description={task.description} />
      ) : null}

      {task.status === TaskStatus.succeeded ? <TaskActions task={task} /> : null}

      <VideoRow task={task} />

      <TaskFooter task={task} />
    </article>
  );
}

/** The file name a drawing downloads (and the viewer saves) as. */
function fileNameOf(task: DrawTask) {
  return `atelier-mj-${task.id}.${task.video ? 'mp4' : 'png'}`;
}

/** Midjourney video of a finished picture or video, where the drawing's model makes it. */
function VideoRow({ task }: { task: DrawTask }) {
  if (!useCanMakeVideo(task)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <MjVideoAction task={task} />
    </div>
  );
}

/** The action, status, demo mark, model, time and (once drawn) the credits it cost. */
function TaskHeader({ task }: { task: DrawTask }) {
  const { t, i18n } = useTranslation();
  const actionLabel = useActionLabel();
  const time = new Date(task.createdAt).toLocaleString(i18n.language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <header className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-white/90">{actionLabel(task.action)}</span>
      <StatusTag task={task} />
      {task.demo ? <Tag color="purple">{t('midjourney:card.demo')}</Tag> : null}
      <span className="ml-auto text-xs text-white/55">
        {task.modelName} · {time}
        {task.status === TaskStatus.succeeded && task.credits > 0
          ? ` · ${t('midjourney:card.credits', { count: task.credits })}`
          : ''}
      </span>
    </header>
  );
}

/** The progress bar of a queued or running drawing, with its place in the queue. */
function TaskProgress({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1" data-testid="mj-progress">
      <Progress
        percent={task.progress}
        status="active"
        size="small"
        aria-label={t('midjourney:card.progress')}
      />
      <span className="text-xs text-white/50">
        {task.status === TaskStatus.queued
          ? task.queuePosition
            ? t('midjourney:card.queueAhead', { count: task.queuePosition })
            : t('midjourney:card.waiting')
          : t('midjourney:card.drawing', { percent: task.progress })}
      </span>
    </div>
  );
}

/** Why a drawing failed, and the button that draws it again. */
function TaskFailure({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  const redoing = useRedoDraw(task.id);
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg bg-red-500/10 p-3 text-sm text-red-300"
    >
      <ExclamationCircleOutlined className="mt-0.5" />
      <span className="flex-1 break-words">{task.error || t('midjourney:card.failedText')}</span>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={redoing.isPending}
        onClick={() => redoing.mutate()}
      >
        {t('midjourney:card.redo')}
      </Button>
    </div>
  );
}

/** The drawn picture, which opens the viewer. */
function TaskImage({ task, onView }: { task: DrawTask; onView: (image: ViewerImage) => void }) {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const image = task.images[0];
  if (task.status !== TaskStatus.succeeded || !image) return null;
  return (
    <button
      type="button"
      className="block w-full cursor-zoom-in overflow-hidden rounded-lg border-0 bg-transparent p-0"
      aria-label={t('midjourney:card.open')}
      onClick={() => onView({ url: image.url, name: fileNameOf(task), alt: task.prompt })}
    >
      <LazyImage
        src={image.thumbUrl || image.url}
        alt={task.prompt || actionLabel(task.action)}
        frameClassName="w-full rounded-lg"
        frameStyle={{ aspectRatio: taskAspect(task) }}
        className="block h-full w-full object-contain"
        data-testid="mj-image"
      />
    </button>
  );
}

/** The prompts a describe found, each of which can fill the composer. */
function DescribedList({ description }: { description: string }) {
  const { t } = useTranslation();
  const fillFromDescribe = (line: string) => {
    useComposer.getState().setPrompt(line);
    notify.success(t('midjourney:card.promptFilled'));
  };
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0">
      {describedPrompts(description).map((line, i) => (
        <li key={line} className="flex items-start gap-2 text-sm text-white/75">
          <span className="flex-1">
            {i + 1}. {line}
          </span>
          <Button size="small" onClick={() => fillFromDescribe(line)}>
            {t('midjourney:card.usePrompt')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The buttons under a drawn picture, in rows: upscale, vary, the rest, then pan. */
function TaskActions({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  const buttonText = useButtonText();
  const pressing = useRunButton(task.id);
  const sending = pressing.isPending ? pressing.variables : null;

  const press = (customId: string) => {
    const kind = buttonKind({ customId, label: '', emoji: '' });
    if (kind.kind === 'customZoom')
      return useDialogs.getState().open('customZoom', { task, customId });
    if (kind.kind === 'varyRegion') return useDialogs.getState().open('redraw', { task, customId });
    // A failure was shown by the client (a 430 also opened the recharge dialog).
    pressing.mutate(customId);
  };

  const kinds = task.buttons.map((b) => ({ button: b, kind: buttonKind(b) }));
  const rows = [
    kinds.filter((x) => x.kind.kind === 'upscale'),
    kinds.filter((x) => x.kind.kind === 'variation' || x.kind.kind === 'reroll'),
    kinds.filter((x) => !['upscale', 'variation', 'reroll', 'pan', 'other'].includes(x.kind.kind)),
    kinds.filter((x) => x.kind.kind === 'pan'),
  ].filter((r) => r.length > 0);
  if (rows.length === 0) return null;

  return (
    <div className="flex flex-col gap-2" role="group" aria-label={t('midjourney:card.actions')}>
      {rows.map((row) => (
        <div key={row[0]!.button.customId} className="flex flex-wrap gap-2">
          {row.map(({ button, kind }) => {
            const { text, title, icon } = buttonText(kind, button.label);
            return (
              <Tooltip key={button.customId} title={title} mouseEnterDelay={1}>
                <Button
                  size="small"
                  icon={icon}
                  aria-label={title}
                  loading={sending === button.customId}
                  disabled={sending !== null && sending !== button.customId}
                  onClick={() => void press(button.customId)}
                  className="min-w-10"
                >
                  {text}
                </Button>
              </Tooltip>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Download, draw the same, copy the prompt, remix and delete. */
function TaskFooter({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  const deleting = useDeleteDraw(task.id, isTaskActive(task.status));
  const image = task.images[0];
  const result = task.video?.url ?? image?.url;
  // The server says whether the proxy takes a changed prompt; the buttons, which variation.
  const canRemix =
    task.remix &&
    task.buttons.some((b) => {
      const kind = buttonKind(b).kind;
      return kind === 'variation' || kind === 'varyStrong';
    });

  const remove = async () => {
    // Awaited rather than a per-call onSuccess: the card may be gone by the time it answers.
    if ((await deleting.mutateAsync().catch(() => null)) !== null)
      notify.success(t('midjourney:card.deleted'));
  };
  const copyPrompt = async () => {
    try {
      await navigator.clipboard.writeText(task.prompt || task.finalPrompt);
      notify.success(t('midjourney:card.copied'));
    } catch {
      notify.error(t('midjourney:card.copyFailed'));
    }
  };
  const drawSame = () =>
    useDialogs.getState().open('drawSame', {
      prompt: task.prompt || task.finalPrompt,
      imageUrl: image?.thumbUrl,
      params: task.params,
    });

  return (
    <footer className="flex flex-wrap gap-1 border-t border-white/5 pt-2">
      {task.status === TaskStatus.succeeded && result ? (
        <Button
          size="small"
          type="text"
          icon={<DownloadOutlined />}
          data-testid="mj-download"
          onClick={() => downloadUrl(result, fileNameOf(task))}
        >
          {t('midjourney:card.download')}
        </Button>
      ) : null}
      {task.prompt ? (
        <>
          <Button size="small" type="text" onClick={drawSame}>
            {t('midjourney:card.drawSame')}
          </Button>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            onClick={() => void copyPrompt()}
          >
            {t('midjourney:card.copy')}
          </Button>
        </>
      ) : null}
      {task.status === TaskStatus.succeeded && canRemix ? (
        <Button
          size="small"
          type="text"
          onClick={() => useDialogs.getState().open('imageRemix', { task })}
        >
          {t('midjourney:card.remix')}
        </Button>
      ) : null}
      <Popconfirm
        title={t('midjourney:card.deleteTitle')}
        description={
          isTaskActive(task.status)
            ? t('midjourney:card.deleteRunning')
            : t('midjourney:card.deleteText')
        }
        okText={t('midjourney:card.deleteOk')}
        cancelText={t('midjourney:cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => void remove()}
      >
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          loading={deleting.isPending}
          className="ml-auto"
        >
          {t('midjourney:card.delete')}
        </Button>
      </Popconfirm>
    </footer>
  );
}
