import { VideoCameraOutlined } from '@ant-design/icons';
import { drawing, TaskStatus } from '@atelier/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawQuote, useMakeVideo } from './mj-api';
import type { DrawTask } from './mj-data';
import { useModels } from './mj-data';

/** Whether a drawing's card offers Midjourney video: finished, on a model whose proxy makes it. */
export function useCanMakeVideo(task: DrawTask): boolean {
  const models = useModels();
  if (task.status !== TaskStatus.succeeded || task.kind !== 'mj') return false;
  if (!task.video && task.images.length === 0) return false;
  return Boolean(models.data?.find((m) => m.id === task.modelId)?.video);
}

/**
 * "Animate" under a finished picture, "Extend video" under a finished Midjourney video: a
 * popover with the motion, an optional prompt and the cost, asked of the server before it is
 * sent (the same quote the charge uses).
 */
export function MjVideoAction({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [motion, setMotion] = useState<drawing.MjMotion>('low');
  const [prompt, setPrompt] = useState('');
  const extend = task.video !== null;
  const action = extend ? 'video_extend' : 'video';
  const quote = useDrawQuote(action, open ? (task.modelId ?? undefined) : undefined);
  const making = useMakeVideo(task.id);
  const go = async () => {
    // A failure was shown by the client (a 430 also opened the recharge dialog).
    const made = await making
      .mutateAsync({ motion, ...(prompt.trim() ? { prompt: prompt.trim() } : {}) })
      .catch(() => null);
    if (made) setOpen(false);
  };
  const label = extend ? t('midjourney:card.extendVideo') : t('midjourney:card.animate');
  const content = (
    <div className="flex w-64 flex-col gap-3" data-testid="mj-video-form">
      <Segmented
        block
        aria-label={t('midjourney:card.motion')}
        value={motion}
        onChange={(v) => setMotion(v as drawing.MjMotion)}
        options={drawing.mjMotions.map((m) => ({
          value: m,
          label: m === 'low' ? t('midjourney:card.motionLow') : t('midjourney:card.motionHigh'),
        }))}
      />
      <Input.TextArea
        aria-label={t('midjourney:card.videoPrompt')}
        placeholder={t('midjourney:card.videoPrompt')}
        autoSize={{ minRows: 2, maxRows: 4 }}
        maxLength={4000}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
      />
      <div className="flex items-center gap-2">
        {quote.data ? (
          <span className="mr-auto text-xs text-white/55" data-testid="mj-video-price">
            {t('midjourney:simulate.cost', { count: quote.data.unitCredits })}
          </span>
        ) : (
          <span className="mr-auto" />
        )}
        <Button
          type="primary"
          size="small"
          loading={making.isPending}
          disabled={!quote.data}
          onClick={() => void go()}
        >
          {t('midjourney:card.videoGo')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        if (!v) making.reset();
      }}
      trigger="click"
      title={extend ? t('midjourney:card.extendTitle') : t('midjourney:card.videoTitle')}
      content={content}
    >
      <Button size="small" icon={<VideoCameraOutlined />}>
        {label}
      </Button>
    </Popover>
  );
}

/** A finished Midjourney video: played in the card, its poster shown until it plays. */
export function MjVideoPlayer({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  if (!task.video) return null;
  return (
    <video
      data-testid="mj-video"
      className="block w-full rounded-lg bg-black"
      src={task.video.url}
      poster={task.video.posterUrl}
      controls
      loop
      playsInline
      preload="metadata"
      aria-label={task.prompt || t('midjourney:card.video')}
    />
  );
}
