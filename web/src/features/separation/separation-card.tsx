import {
  DeleteOutlined,
  DownloadOutlined,
  PauseOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import { isTaskActive, TaskStatus, type separation } from '@atelier/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useDeleteSeparation } from './separation-api';

const extOf = (name: string) => (name.split('.').pop() ?? '').toUpperCase();

/** One separation: its state in numbers, then the two stems side by side, playable and downloadable. */
export function SeparationCard({ task }: { task: separation.SeparationTask }) {
  const { t } = useTranslation('separation');
  const remove = useDeleteSeparation();
  const status =
    task.status === TaskStatus.queued
      ? t('separation:status.queued')
      : task.status === TaskStatus.running
        ? t('separation:status.running', { progress: task.progress })
        : task.status === TaskStatus.succeeded
          ? t('separation:status.succeeded')
          : t('separation:status.failed');
  const color =
    task.status === TaskStatus.succeeded
      ? 'success'
      : task.status === TaskStatus.failed
        ? 'error'
        : 'processing';
  const method =
    task.method === 'model'
      ? t('separation:method.model')
      : task.method === 'demo-stems'
        ? t('separation:method.demoStems')
        : task.method === 'mid-side'
          ? t('separation:method.midSide')
          : null;

  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
      data-testid="separation-card"
      data-status={task.status}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="m-0 min-w-0 flex-1 truncate text-sm font-medium text-white/90">
          {task.sourceName}
        </h3>
        <Tag color={color}>{status}</Tag>
        <Popconfirm
          title={t('separation:delete.confirm')}
          okText={t('separation:delete.ok')}
          cancelText={t('separation:delete.cancel')}
          onConfirm={async () => {
            await remove.mutateAsync(task.id);
            notify.success(t('separation:delete.done'));
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('separation:delete.action')}
          />
        </Popconfirm>
      </header>
      <p className="m-0 flex flex-wrap gap-x-3 text-xs text-white/50">
        <span>{task.modelName}</span>
        {method && <span>{method}</span>}
        {task.durationSeconds > 0 && (
          <span>{t('separation:meta.duration', { seconds: task.durationSeconds.toFixed(1) })}</span>
        )}
        <span>{t('separation:meta.credits', { credits: task.credits })}</span>
        <span>{new Date(task.createdAt).toLocaleString()}</span>
      </p>
      {isTaskActive(task.status) && (
        <Progress percent={task.progress} size="small" status="active" aria-label={status} />
      )}
      {task.status === TaskStatus.failed && task.error && (
        <p className="m-0 text-sm text-red-300">{task.error}</p>
      )}
      {task.status === TaskStatus.succeeded && <StemPair task={task} />}
    </article>
  );
}

/** The two stems side by side: each playable and downloadable, and both played together. */
function StemPair({ task }: { task: separation.SeparationTask }) {
  const { t } = useTranslation('separation');
  const vocalsRef = useRef<HTMLAudioElement>(null);
  const instRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  const playBoth = async () => {
    const [a, b] = [vocalsRef.current, instRef.current];
    if (!a || !b) return;
    if (playing) {
      a.pause();
      b.pause();
      setPlaying(false);
      return;
    }
    b.currentTime = a.currentTime;
    await Promise.all([a.play(), b.play()]).catch(() => undefined);
    setPlaying(true);
  };

  const stems: Array<
    [string, separation.Stem | null, React.RefObject<HTMLAudioElement | null>, string]
  > = [
    [t('separation:stems.vocals'), task.vocals, vocalsRef, 'vocals'],
    [t('separation:stems.instrumental'), task.instrumental, instRef, 'instrumental'],
  ];
  const mp3 = (kind: string) =>
    task.files.find((f) => f.mime === 'audio/mpeg' && f.name.includes(`-${kind}.`));

  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {stems.map(([label, stem, ref, kind]) => {
          if (!stem) return null;
          const copy = mp3(kind);
          return (
            <div
              key={kind}
              className="flex min-w-0 flex-col gap-2 rounded-lg border border-white/10 p-2"
            >
              <span className="text-sm text-white/80">{label}</span>
              <audio
                ref={ref}
                controls
                preload="metadata"
                src={stem.url}
                data-stem={kind}
                aria-label={label}
                className="w-full"
                onEnded={() => setPlaying(false)}
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  href={stem.url}
                  download={stem.name}
                >
                  {t('separation:stems.download', { stem: label, format: extOf(stem.name) })}
                </Button>
                {copy && (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    href={copy.url}
                    download={copy.name}
                  >
                    {t('separation:stems.download', { stem: label, format: 'MP3' })}
                  </Button>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {task.vocals && task.instrumental && (
        <div>
          <Button
            size="small"
            icon={playing ? <PauseOutlined /> : <PlayCircleOutlined />}
            onClick={() => void playBoth()}
          >
            {playing ? t('separation:stems.pause') : t('separation:stems.playBoth')}
          </Button>
        </div>
      )}
    </>
  );
}
