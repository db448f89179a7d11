import { CustomerServiceOutlined, FileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { works as W } from '@atelier/contracts';

/**
 * A work's picture in a grid or the viewer: an image, a video with its poster and a player,
 * or an audio player under its cover (a song's picture) or on a plain tile (a file of another
 * type shows its icon).
 */
export function WorkMedia(props: {
  file: W.WorkFile | null;
  alt: string;
  /** The viewer shows the full file; a grid its thumbnail. */
  large?: boolean;
  /** A picture for an audio file (a song's cover). */
  poster?: string;
}) {
  const f = props.file;
  if (!f)
    return (
      <div className="flex aspect-square items-center justify-center bg-white/5 text-3xl text-white/30">
        <FileOutlined />
      </div>
    );
  const ratio = f.width && f.height ? `${f.width} / ${f.height}` : undefined;
  if (f.media === 'image')
    return (
      <img
        src={props.large ? f.url : f.thumbUrl}
        alt={props.alt}
        loading="lazy"
        style={ratio ? { aspectRatio: ratio } : undefined}
        className={`block w-full bg-white/5 object-contain ${props.large ? 'max-h-[75vh]' : ''}`}
      />
    );
  if (f.media === 'video')
    return (
      <video
        src={f.url}
        poster={f.thumbUrl !== f.url ? f.thumbUrl : undefined}
        controls
        preload="none"
        aria-label={props.alt}
        style={ratio ? { aspectRatio: ratio } : undefined}
        className="block w-full bg-black"
      />
    );
  if (f.media === 'audio') return <AudioTile file={f} alt={props.alt} poster={props.poster} />;
  return (
    <a
      href={f.url}
      className="flex aspect-square items-center justify-center bg-white/5 text-3xl text-white/50"
    >
      <FileOutlined aria-label={props.alt} />
    </a>
  );
}

/** `m:ss`. */
const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A song under its cover, with its length on the cover: a narrow native player shows only the
 * time played ("0:00"), so the length is read from the element as soon as it knows it.
 */
function AudioTile(props: { file: W.WorkFile; alt: string; poster?: string | undefined }) {
  const [length, setLength] = useState<number | null>(null);
  const learn = (el: HTMLAudioElement) => {
    if (Number.isFinite(el.duration) && el.duration > 0) setLength(el.duration);
  };
  return (
    <div className="flex flex-col gap-3 bg-gradient-to-br from-violet-900/50 to-sky-900/40 p-4">
      <div className="relative">
        {props.poster ? (
          <img
            src={props.poster}
            alt=""
            loading="lazy"
            className="block aspect-square w-full rounded object-cover"
          />
        ) : (
          <CustomerServiceOutlined className="text-4xl text-white/70" aria-hidden />
        )}
        {length !== null && (
          <span
            data-testid="work-audio-length"
            className="absolute right-1 bottom-1 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white tabular-nums"
          >
            {clock(length)}
          </span>
        )}
      </div>
      {/* `metadata`: the length is known before the song is played. */}
      <audio
        src={props.file.url}
        controls
        preload="metadata"
        aria-label={props.alt}
        className="w-full"
        onLoadedMetadata={(e) => learn(e.currentTarget)}
        onDurationChange={(e) => learn(e.currentTarget)}
      />
    </div>
  );
}

/** A work's picture to show above its audio: the first image among its files. */
export const posterOf = (files: readonly W.WorkFile[]) =>
  files.find((f) => f.media === 'image')?.thumbUrl;
