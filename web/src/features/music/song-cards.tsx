import {
  CaretRightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  MergeCellsOutlined,
  ScissorOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import type { music } from '@atelier/contracts';
import { isTaskActive, TaskStatus } from '@atelier/contracts';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Popover from 'antd/es/popover';
import Progress from 'antd/es/progress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShared, type PlayerSong } from '../../stores/shared';
import { clock } from './lrc';
import { useDeleteSongs, useExtendSong, useWholeSong } from './music-api';

type Task = music.MusicTask;
type Clip = music.MusicClip;

const songOf = (task: Task, c: Clip): PlayerSong => ({
  key: `${task.id}:${c.index}`,
  title: c.title || task.title || `#${task.id}`,
  audioUrl: c.audioUrl ?? '',
  imageUrl: c.imageUrl,
  lrc: c.lrc,
  duration: c.duration,
});

/** Plays a clip, with every finished clip of the list as the play list. */
function usePlay(tasks: Task[]) {
  const set = useShared((s) => s.set);
  return (task: Task, clip: Clip) => {
    const list: PlayerSong[] = [];
    for (const tk of tasks) for (const c of tk.clips) if (c.audioUrl) list.push(songOf(tk, c));
    const index = Math.max(
      0,
      list.findIndex((s) => s.key === `${task.id}:${clip.index}`),
    );
    set({
      musicPlayer: { list, index },
      lyricsInfo: {
        title: clip.title,
        handle: '',
        imageUrl: clip.imageUrl,
        prompt: task.prompt,
        metadata: clip.tags,
      },
    });
  };
}

function ExtendButton({ task, clip }: { task: Task; clip: Clip }) {
  const { t } = useTranslation();
  const extend = useExtendSong();
  const [at, setAt] = useState(Math.floor((clip.duration ?? 0) / 2));
  const content = (
    <div className="flex w-56 flex-col gap-2">
      <label className="text-xs text-white/70">
        {t('music:song.extendFrom')}
        <InputNumber
          className="w-full"
          min={0}
          max={clip.duration ?? 3600}
          value={at}
          onChange={(v) => setAt(v ?? 0)}
          addonAfter="s"
        />
      </label>
      <Button
        size="small"
        type="primary"
        loading={extend.isPending}
        onClick={() => extend.mutate({ taskId: task.id, clip: clip.index, at, lyrics: '' })}
      >
        {t('music:song.extendGo')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" content={content} title={t('music:song.extend')}>
      <Button size="small" icon={<StepForwardOutlined />}>
        {t('music:song.extend')}
      </Button>
    </Popover>
  );
}

function ClipCard({ task, clip, play }: { task: Task; clip: Clip; play: () => void }) {
  const { t } = useTranslation();
  const whole = useWholeSong();
  const set = useShared((s) => s.set);
  if (clip.status === 'error')
    return (
      <div className="rounded border border-red-400/30 p-2 text-xs text-red-300">
        {t('music:song.clipFailed', { reason: clip.error ?? '' })}
      </div>
    );
  return (
    <article className="flex gap-3 rounded border border-white/10 p-2" data-testid="song-card">
      {clip.imageUrl ? (
        <img src={clip.imageUrl} alt="" className="h-20 w-20 shrink-0 rounded object-cover" />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="m-0 truncate text-sm font-semibold text-white/90">
          {clip.title || task.title}
        </h3>
        <p className="m-0 truncate text-xs text-white/50">
          {clip.tags ? `${clip.tags} · ` : ''}
          <span data-testid="song-duration">{clock(clip.duration ?? 0)}</span>
        </p>
        {task.source ? (
          <p className="m-0 text-xs text-white/45">
            {task.action === 'crop'
              ? t('music:song.croppedFrom', {
                  id: task.source.taskId,
                  from: clock(task.source.at ?? 0),
                  to: clock(task.source.to ?? 0),
                })
              : task.action === 'whole'
                ? t('music:song.wholeOf', { id: task.source.taskId })
                : t('music:song.extendedFrom', {
                    id: task.source.taskId,
                    at: clock(task.source.at ?? 0),
                  })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1">
          <Button size="small" type="primary" icon={<CaretRightOutlined />} onClick={play}>
            {t('music:song.play')}
          </Button>
          <ExtendButton task={task} clip={clip} />
          <Button
            size="small"
            icon={<MergeCellsOutlined />}
            loading={whole.isPending}
            onClick={() => whole.mutate({ taskId: task.id, clip: clip.index })}
          >
            {t('music:song.whole')}
          </Button>
          <Button
            size="small"
            icon={<ScissorOutlined />}
            onClick={() =>
              set({
                croppedSong: {
                  taskId: task.id,
                  clip: clip.index,
                  title: clip.title,
                  audioUrl: clip.wavUrl ?? clip.audioUrl ?? '',
                  duration: clip.duration ?? 0,
                },
              })
            }
          >
            {t('music:song.crop')}
          </Button>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            href={clip.audioUrl ?? undefined}
            download
            aria-label={t('music:song.download')}
          />
        </div>
      </div>
    </article>
  );
}

function TaskBlock({ task, play }: { task: Task; play: (task: Task, clip: Clip) => void }) {
  const { t } = useTranslation();
  const del = useDeleteSongs();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-white/10 bg-white/[0.02] p-2">
      <div className="flex items-center justify-between gap-2 text-xs text-white/55">
        <span className="truncate">
          #{task.id} · {task.prompt || task.title}{' '}
          {task.credits ? `· ${t('music:song.credits', { credits: task.credits })}` : ''}
        </span>
        <Popconfirm
          title={t('music:song.deleteConfirm')}
          onConfirm={() => del.mutate([task.id])}
          okText={t('music:song.delete')}
          cancelText={t('music:crop.cancel')}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('music:song.delete')}
          />
        </Popconfirm>
      </div>
      {isTaskActive(task.status) ? (
        <div className="text-xs text-white/60">
          {t('music:song.making')} <Progress percent={task.progress} size="small" />
        </div>
      ) : task.status === TaskStatus.failed ? (
        <p className="m-0 text-xs text-red-300">
          {t('music:song.failed', { reason: task.error ?? '' })}
        </p>
      ) : (
        task.clips.map((c) => (
          <ClipCard key={c.index} task={task} clip={c} play={() => play(task, c)} />
        ))
      )}
    </li>
  );
}

/**
 * The user's songs as cards with their actions: antd (popovers, confirmations, the progress),
 * loaded with the first song (`song-list.tsx`), in `Themed`.
 */
export function SongCards({ rows }: { rows: Task[] }) {
  const { t } = useTranslation();
  const play = usePlay(rows);
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-label={t('music:song.list')}>
      {rows.map((task) => (
        <TaskBlock key={task.id} task={task} play={play} />
      ))}
    </ul>
  );
}
