import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { PartDialog } from './part-dialog';
import { fetchLastFrame, useDeleteVideo, useExtendVideo } from './video-api';

function Card(props: {
  task: V.VideoTask;
  /** Its model can continue a clip (the model's `supports.extend`). */
  canExtend: boolean;
  onUseFrame: (url: string) => void;
  onPart: (t: V.VideoTask) => void;
}) {
  const { t } = useTranslation(['video']);
  const x = props.task;
  const del = useDeleteVideo();
  const extend = useExtendVideo();
  const [playing, setPlaying] = useState(false);
  const done = x.status === TaskStatus.succeeded && x.video;
  return (
    <article
      className="flex flex-col gap-2 rounded-lg bg-white/5 p-2"
      data-testid="video-card"
      data-status={x.status}
      data-task-id={x.id}
    >
      {done ? (
        playing ? (
          <video
            data-testid="video-player"
            src={x.video!.url}
            poster={x.video!.posterUrl}
            controls
            autoPlay
            muted
            className="w-full rounded"
          />
        ) : (
          <button
            type="button"
            className="relative w-full cursor-pointer border-0 bg-transparent p-0"
            onClick={() => setPlaying(true)}
            aria-label={t('video:play')}
          >
            <img src={x.video!.posterUrl} alt={x.prompt} className="w-full rounded" />
            <span className="absolute inset-0 flex items-center justify-center text-3xl text-white/90">
              ▶
            </span>
          </button>
        )
      ) : (
        <div
          className="flex aspect-video flex-col items-center justify-center gap-2 rounded bg-black/30 p-3 text-center text-xs text-white/70"
          data-testid="video-progress"
        >
          {x.status === TaskStatus.failed ? (
            <>
              <span role="alert">{t('video:failed', { error: x.error ?? '' })}</span>
              {x.lateUntil && <span data-testid="video-late-watch">{t('video:lateWatch')}</span>}
            </>
          ) : (
            <>
              <Progress percent={x.progress} size="small" className="w-full" />
              <span>
                {x.queuePosition !== null
                  ? t('video:queued', { n: x.queuePosition })
                  : t('video:running', {
                      progress: x.progress,
                      elapsed: x.elapsedSeconds,
                      left: x.estimatedSeconds ?? 0,
                    })}
              </span>
            </>
          )}
        </div>
      )}
      {done && x.lateResult && (
        <p className="m-0 text-xs text-amber-300" data-testid="video-late">
          {t('video:lateResult')}
        </p>
      )}
      <p className="m-0 line-clamp-2 text-xs text-white/70">{x.prompt}</p>
      <div className="flex flex-wrap gap-1">
        {done && (
          <>
            <Button
              size="small"
              href={x.video!.url}
              download={`video-${x.id}.mp4`}
              data-testid="video-download"
            >
              {t('video:download')}
            </Button>
            {props.canExtend && (
              <Button
                size="small"
                data-testid="video-extend"
                loading={extend.isPending}
                onClick={() => extend.mutate({ id: x.id, prompt: x.prompt })}
              >
                {t('video:extend')}
              </Button>
            )}
            <Button
              size="small"
              onClick={() => void fetchLastFrame(x.id).then((f) => props.onUseFrame(f.url))}
            >
              {t('video:useLastFrame')}
            </Button>
            <Button size="small" onClick={() => props.onPart(x)}>
              {t('video:cutPart')}
            </Button>
          </>
        )}
        <Popconfirm title={t('video:deleteConfirm')} onConfirm={() => del.mutate(x.id)}>
          <Button size="small" danger>
            {t('video:delete')}
          </Button>
        </Popconfirm>
      </div>
    </article>
  );
}

/**
 * The caller's videos as cards, with the part dialog: antd (a download link, a delete
 * confirmation, the progress), loaded with the first video (`results.tsx`), in `Themed`.
 */
export function VideoCards(props: {
  rows: V.VideoTask[];
  canExtend: (modelId: number | null) => boolean;
  onUseFrame: (url: string) => void;
}) {
  const { canExtend } = props;
  const [part, setPart] = useState<V.VideoTask | null>(null);
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {props.rows.map((r) => (
          <Card
            key={r.id}
            task={r}
            canExtend={canExtend(r.modelId)}
            onUseFrame={props.onUseFrame}
            onPart={setPart}
          />
        ))}
      </div>
      <PartDialog
        task={part}
        canExtend={!!part && canExtend(part.modelId)}
        onClose={() => setPart(null)}
      />
    </>
  );
}
