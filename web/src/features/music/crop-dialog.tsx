import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Slider from 'antd/es/slider';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShared } from '../../stores/shared';
import { clock } from './lrc';
import { fetchAudio, useCropSong } from './music-api';

/** Peak per column of the first channel, 0–1. */
export function peaksOf(samples: Float32Array, columns: number): number[] {
  const step = Math.max(1, Math.floor(samples.length / columns));
  return Array.from({ length: columns }, (_, c) => {
    let max = 0;
    for (let i = c * step; i < Math.min(samples.length, (c + 1) * step); i++)
      max = Math.max(max, Math.abs(samples[i]!));
    return max;
  });
}

/** Crop: the song's waveform, a region picked on it (two handles), saved as a new song. */
export function CropDialog() {
  const { t } = useTranslation();
  const song = useShared((s) => s.croppedSong);
  const set = useShared((s) => s.set);
  const crop = useCropSong();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const duration = song?.duration ?? 0;

  useEffect(() => {
    if (!song) return;
    setPeaks(null);
    setRange([0, Math.min(song.duration, 10)]);
    let alive = true;
    void fetchAudio(song.audioUrl)
      .then((bytes) => new AudioContext().decodeAudioData(bytes))
      .then((audio) => alive && setPeaks(peaksOf(audio.getChannelData(0), 240)))
      .catch(() => alive && setPeaks([]));
    return () => {
      alive = false;
    };
  }, [song]);

  useEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g || !peaks) return;
    g.clearRect(0, 0, c.width, c.height);
    const w = c.width / Math.max(1, peaks.length);
    peaks.forEach((p, i) => {
      const inside =
        duration > 0 &&
        (i / peaks.length) * duration >= range[0] &&
        (i / peaks.length) * duration <= range[1];
      g.fillStyle = inside ? '#8b7cf6' : 'rgba(255,255,255,0.25)';
      const h = Math.max(1, p * c.height);
      g.fillRect(i * w, (c.height - h) / 2, Math.max(1, w - 1), h);
    });
  }, [peaks, range, duration]);

  const close = () => set({ croppedSong: null });
  return (
    <Modal
      open={song !== null}
      title={t('music:crop.title', { title: song?.title ?? '' })}
      onCancel={close}
      footer={[
        <Button key="c" onClick={close}>
          {t('music:crop.cancel')}
        </Button>,
        <Button
          key="s"
          type="primary"
          loading={crop.isPending}
          disabled={!song || range[1] - range[0] < 1}
          onClick={() =>
            song &&
            crop.mutate(
              { taskId: song.taskId, clip: song.clip, from: range[0], to: range[1] },
              { onSuccess: close },
            )
          }
        >
          {t('music:crop.save', { seconds: (range[1] - range[0]).toFixed(1) })}
        </Button>,
      ]}
    >
      <canvas
        ref={canvas}
        width={480}
        height={80}
        className="h-20 w-full rounded bg-white/[0.04]"
        aria-label={t('music:crop.waveform')}
      />
      {peaks === null ? (
        <p className="m-0 text-xs text-white/45">{t('music:crop.loading')}</p>
      ) : null}
      <Slider
        range
        min={0}
        max={Math.max(1, duration)}
        step={0.1}
        value={range}
        tooltip={{ formatter: (v) => clock(v ?? 0) }}
        onChange={(v) => setRange([v[0]!, v[1]!])}
        aria-label={t('music:crop.region')}
      />
      <p className="m-0 text-xs text-white/55 tabular-nums" data-testid="crop-range">
        {clock(range[0])} – {clock(range[1])} / {clock(duration)}
      </p>
    </Modal>
  );
}
