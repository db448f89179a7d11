import {
  CaretRightOutlined,
  CloseOutlined,
  PauseOutlined,
  SoundOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Slider from 'antd/es/slider';
import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShared } from '../../stores/shared';
import { clock } from './lrc';
import { usePlayback } from './playback';

/** An element's length in seconds when it knows a finite one, else 0. */
const lengthOf = (el: HTMLMediaElement) =>
  Number.isFinite(el.duration) && el.duration > 0 ? el.duration : 0;

/** The volume slider (kept between songs: the element is the same). */
function Volume({ audio }: { audio: RefObject<HTMLAudioElement | null> }) {
  const { t } = useTranslation();
  const [volume, setVolume] = useState(1);
  return (
    <div className="hidden w-28 items-center gap-1 sm:flex">
      <SoundOutlined className="text-white/50" />
      <Slider
        className="m-0 flex-1"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        aria-label={t('music:player.volume')}
        onChange={(v) => {
          setVolume(v);
          if (audio.current) audio.current.volume = v;
        }}
      />
    </div>
  );
}

/**
 * The persistent music player at the bottom of the layout: the play list's current song with
 * play/pause, previous/next, a seek bar and volume. Mounted by the app shell, so it keeps
 * playing while the user moves between screens; the lyrics view follows its time.
 */
export default function MusicPlayer() {
  const { t } = useTranslation();
  const player = useShared((s) => s.musicPlayer);
  const setShared = useShared((s) => s.set);
  const playback = usePlayback();
  const audio = useRef<HTMLAudioElement>(null);
  const song = player ? player.list[player.index] : undefined;

  useEffect(() => {
    usePlayback.getState().set({
      seekTo: (s) => {
        if (audio.current) audio.current.currentTime = s;
      },
    });
    return () => usePlayback.getState().set({ seekTo: null, playing: false });
  }, []);

  useEffect(() => {
    const el = audio.current;
    if (!el || !song) return;
    // The length: the element's own when it knows it already, else the stored one until
    // `durationchange` tells (an event may have fired before the listener was there).
    usePlayback.getState().set({ time: 0, duration: lengthOf(el) || song.duration || 0 });
    void el.play().catch(() => usePlayback.getState().set({ playing: false }));
    // A new song starts when its key changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [song?.key]);

  if (!player || !song) return null;
  const onLength = (e: SyntheticEvent<HTMLAudioElement>) => {
    const d = lengthOf(e.currentTarget);
    if (d) playback.set({ duration: d });
  };
  const go = (step: number) => {
    const index = (player.index + step + player.list.length) % player.list.length;
    setShared({ musicPlayer: { ...player, index } });
  };
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play();
    else el.pause();
  };
  return (
    <div
      role="region"
      aria-label={t('music:player.label')}
      className="mb-16 flex shrink-0 items-center gap-2 border-t border-white/10 bg-[#15151c] px-3 py-2 sm:mb-0 sm:gap-3 sm:px-4"
    >
      <audio
        ref={audio}
        src={song.audioUrl}
        data-testid="music-audio"
        onTimeUpdate={(e) => playback.set({ time: e.currentTarget.currentTime })}
        onLoadedMetadata={onLength}
        onDurationChange={onLength}
        onPlay={() => playback.set({ playing: true })}
        onPause={() => playback.set({ playing: false })}
        onEnded={() => (player.list.length > 1 ? go(1) : playback.set({ playing: false }))}
      />
      {song.imageUrl ? (
        <img
          src={song.imageUrl}
          alt=""
          className="hidden h-10 w-10 shrink-0 rounded object-cover sm:block"
        />
      ) : null}
      <Button
        shape="circle"
        size="small"
        icon={<StepBackwardOutlined />}
        aria-label={t('music:player.previous')}
        onClick={() => go(-1)}
      />
      <Button
        shape="circle"
        type="primary"
        icon={playback.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        aria-label={playback.playing ? t('music:player.pause') : t('music:player.play')}
        onClick={toggle}
      />
      <Button
        shape="circle"
        size="small"
        icon={<StepForwardOutlined />}
        aria-label={t('music:player.next')}
        onClick={() => go(1)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm text-white/85" data-testid="player-title">
          {song.title}{' '}
          <span className="text-white/40">
            ({player.index + 1}/{player.list.length})
          </span>
        </span>
        <div className="flex items-center gap-2 text-xs text-white/50">
          <span className="tabular-nums">{clock(playback.time)}</span>
          <div className="min-w-0 flex-1" data-testid="player-seek">
            <Slider
              className="m-0"
              min={0}
              max={Math.max(1, playback.duration)}
              step={0.1}
              value={playback.time}
              tooltip={{ formatter: (v) => clock(v ?? 0) }}
              aria-label={t('music:player.seek')}
              onChange={(v) => {
                if (audio.current) audio.current.currentTime = v;
              }}
            />
          </div>
          <span className="tabular-nums" data-testid="player-duration">
            {clock(playback.duration)}
          </span>
        </div>
      </div>
      <Volume audio={audio} />
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('music:player.close')}
        onClick={() => setShared({ musicPlayer: null, lyricsInfo: null })}
      />
    </div>
  );
}
