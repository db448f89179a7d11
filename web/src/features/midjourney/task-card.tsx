import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { drawing, isTaskActive, TaskStatus } from '@atelier/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData } from '../../api/client';
import { notify } from '../../lib/notify';
import { balanceChanged } from '../../stores/balance';
import { useDialogs } from '../../stores/dialogs';
import { buttonKind, type ButtonKind } from './buttons';
import { describedPrompts } from './described';
import { LazyImage } from './lazy-image';
import { SourcePictures } from './source-pictures';
import { downloadUrl } from '../../lib/download';
import { refreshResults, runButton, type DrawList, type DrawTask } from './mj-data';
import { useComposer } from './mj-store';
import type { ViewerImage } from './image-viewer';

const panIcons = {
  left: <ArrowLeftOutlined />,
  right: <ArrowRightOutlined />,
  up: <ArrowUpOutlined />,
  down: <ArrowDownOutlined />,
};

/** The label of an action (the card's title). */
function useActionLabel() {
  const { t } = useTranslation();
  return (action: drawing.DrawAction): string => {
    switch (action) {
      case 'imagine':
        return t('midjourney:actions.imagine');
      case 'upscale':
        return t('midjourney:actions.upscale');
      case 'variation':
      case 'high_variation':
      case 'low_variation':
        return t('midjourney:actions.variation');
      case 'reroll':
        return t('midjourney:actions.reroll');
      case 'zoom':
      case 'custom_zoom':
        return t('midjourney:actions.zoom');
      case 'pan':
        return t('midjourney:actions.pan');
      case 'upscale_subtle':
      case 'upscale_creative':
        return t('midjourney:actions.upscaleHd');
      case 'inpaint':
        return t('midjourney:actions.inpaint');
      case 'blend':
        return t('midjourney:actions.blend');
      case 'describe':
        return t('midjourney:actions.describe');
      case 'faceswap':
        return t('midjourney:actions.faceswap');
      default:
        return t('midjourney:actions.chatDraw');
    }
  };
}

/** The text and icon of a result button. */
function useButtonText() {
  const { t } = useTranslation();
  return (k: ButtonKind, label: string): { text: string; title: string; icon?: ReactNode } => {
    switch (k.kind) {
      case 'upscale':
        return { text: `U${k.index}`, title: t('midjourney:buttons.upscale', { n: k.index }) };
      case 'variation':
        return { text: `V${k.index}`, title: t('midjourney:buttons.variation', { n: k.index }) };
      case 'reroll':
        return {
          text: '',
          title: t('midjourney:buttons.reroll'),
          icon: <SyncOutlined />,
        };
      case 'varyStrong':
        return {
          text: t('midjourney:buttons.varyStrong'),
          title: t('midjourney:buttons.varyStrong'),
        };
      case 'varySubtle':
        return {
          text: t('midjourney:buttons.varySubtle'),
          title: t('midjourney:buttons.varySubtle'),
        };
      case 'zoomOut':
        return k.factor === 2
          ? { text: t('midjourney:buttons.zoomOut2'), title: t('midjourney:buttons.zoomOut2') }
          : { text: t('midjourney:buttons.zoomOut15'), title: t('midjourney:buttons.zoomOut15') };
      case 'customZoom':
        return {
          text: t('midjourney:buttons.customZoom'),
          title: t('midjourney:buttons.customZoom'),
        };
      case 'pan':
        return {
          text: '',
          icon: panIcons[k.direction],
          title:
            k.direction === 'left'
              ? t('midjourney:buttons.panLeft')
              : k.direction === 'right'
                ? t('midjourney:buttons.panRight')
                : k.direction === 'up'
                  ? t('midjourney:buttons.panUp')
                  : t('midjourney:buttons.panDown'),
        };
      case 'upscaleSubtle':
        return {
          text: t('midjourney:buttons.upscaleSubtle'),
          title: t('midjourney:buttons.upscaleSubtle'),
        };
      case 'upscaleCreative':
        return {
          text: t('midjourney:buttons.upscaleCreative'),
          title: t('midjourney:buttons.upscaleCreative'),
        };
      case 'varyRegion':
        return {
          text: t('midjourney:buttons.varyRegion'),
          title: t('midjourney:buttons.varyRegion'),
        };
      default:
        return { text: label || '…', title: label };
    }
  };
}

function StatusTag({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  if (task.status === TaskStatus.queued)
    return <Tag color="default">{t('midjourney:status.queued')}</Tag>;
  if (task.status === TaskStatus.running)
    return <Tag color="processing">{t('midjourney:status.running')}</Tag>;
  if (task.status === TaskStatus.succeeded)
    return <Tag color="success">{t('midjourney:status.done')}</Tag>;
  return <Tag color="error">{t('midjourney:status.failed')}</Tag>;
}

/**
 * One drawing: its progress while queued or running, then its picture and the buttons the
 * upstream gave it (U1–U4, V1–V4, reroll, zoom, pan, upscale, vary region), or its error and a
 * redo. Delete asks first; a running one is cancelled and its credits returned.
 */
export function TaskCard({
  task,
  onView,
}: {
  task: DrawTask;
  onView: (image: ViewerImage) => void;
}) {
  const { t, i18n } = useTranslation();
  const actionLabel = useActionLabel();
  const buttonText = useButtonText();
  const [sending, setSending] = useState<string | null>(null);
  const [busy, setBusy] = useState<'delete' | 'redo' | null>(null);
  const client = useQueryClient();
  const image = task.images[0];
  const time = new Date(task.createdAt).toLocaleString(i18n.language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  const press = async (customId: string) => {
    const kind = buttonKind({ customId, label: '', emoji: '' });
    if (kind.kind === 'customZoom')
      return useDialogs.getState().open('customZoom', { task, customId });
    if (kind.kind === 'varyRegion') return useDialogs.getState().open('redraw', { task, customId });
    setSending(customId);
    try {
      await runButton(task.id, customId);
    } catch {
      // The client showed the server's message (430 also opened the recharge dialog).
    } finally {
      setSending(null);
    }
  };
  const remove = async () => {
    setBusy('delete');
    try {
      await apiData(drawing.deleteDraw, { body: { ids: [task.id] } });
      // A waiting or running one was cancelled and its credits returned.
      if (isTaskActive(task.status)) void balanceChanged();
      notify.success(t('midjourney:card.deleted'));
      // Older pages are fetched on demand only: drop the row from them here.
      client.setQueriesData<InfiniteData<DrawList>>({ queryKey: ['midjourney', 'older'] }, (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({ ...p, rows: p.rows.filter((r) => r.id !== task.id) })),
            }
          : d,
      );
      refreshResults();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };
  const redo = async () => {
    setBusy('redo');
    try {
      await apiData(drawing.redo, { body: { id: task.id } });
      void balanceChanged();
      refreshResults();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
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
  const fillFromDescribe = (line: string) => {
    useComposer.getState().setPrompt(line);
    notify.success(t('midjourney:card.promptFilled'));
  };

  const kinds = task.buttons.map((b) => ({ button: b, kind: buttonKind(b) }));
  const rows = [
    kinds.filter((x) => x.kind.kind === 'upscale'),
    kinds.filter((x) => x.kind.kind === 'variation' || x.kind.kind === 'reroll'),
    kinds.filter((x) => !['upscale', 'variation', 'reroll', 'pan', 'other'].includes(x.kind.kind)),
    kinds.filter((x) => x.kind.kind === 'pan'),
  ].filter((r) => r.length > 0);
  const canRemix = kinds.some((x) => x.kind.kind === 'variation' || x.kind.kind === 'varyStrong');
  const fileName = `atelier-mj-${task.id}.png`;

  return (
    <article
      data-testid="mj-task"
      data-task-id={task.id}
      data-status={task.status}
      className="flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-3 sm:p-4"
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-white/90">{actionLabel(task.action)}</span>
        <StatusTag task={task} />
        {task.demo ? <Tag color="purple">{t('midjourney:card.demo')}</Tag> : null}
        <span className="ml-auto text-xs text-white/45">
          {task.modelName} · {time}
          {task.status === TaskStatus.succeeded && task.credits > 0
            ? ` · ${t('midjourney:card.credits', { count: task.credits })}`
            : ''}
        </span>
      </header>
      {task.prompt ? (
        <p className="m-0 line-clamp-3 text-sm break-words text-white/70" title={task.finalPrompt}>
          {task.prompt}
        </p>
      ) : null}

      <SourcePictures sources={task.sources} taskId={task.id} onView={onView} />

      {isTaskActive(task.status) ? (
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
      ) : null}

      {task.status === TaskStatus.failed ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-red-500/10 p-3 text-sm text-red-300"
        >
          <ExclamationCircleOutlined className="mt-0.5" />
          <span className="flex-1 break-words">
            {task.error || t('midjourney:card.failedText')}
          </span>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={busy === 'redo'}
            onClick={() => void redo()}
          >
            {t('midjourney:card.redo')}
          </Button>
        </div>
      ) : null}

      {task.status === TaskStatus.succeeded && image ? (
        <button
          type="button"
          className="block w-full cursor-zoom-in overflow-hidden rounded-lg border-0 bg-transparent p-0"
          aria-label={t('midjourney:card.open')}
          onClick={() => onView({ url: image.url, name: fileName, alt: task.prompt })}
        >
          <LazyImage
            src={image.thumbUrl || image.url}
            alt={task.prompt || actionLabel(task.action)}
            frameClassName="w-full rounded-lg"
            className="block h-auto w-full"
            style={{ aspectRatio: `${image.width} / ${image.height}` }}
            data-testid="mj-image"
          />
        </button>
      ) : null}

      {task.status === TaskStatus.succeeded && task.description ? (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {describedPrompts(task.description).map((line, i) => (
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
      ) : null}

      {task.status === TaskStatus.succeeded && rows.length > 0 ? (
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
      ) : null}

      <footer className="flex flex-wrap gap-1 border-t border-white/5 pt-2">
        {task.status === TaskStatus.succeeded && image ? (
          <Button
            size="small"
            type="text"
            icon={<DownloadOutlined />}
            onClick={() => downloadUrl(image.url, fileName)}
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
          onConfirm={() => remove()}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            loading={busy === 'delete'}
            className="ml-auto"
          >
            {t('midjourney:card.delete')}
          </Button>
        </Popconfirm>
      </footer>
    </article>
  );
}
