import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShared } from '../../stores/shared';
import { currentLine, parseLrc } from './lrc';
import { usePlayback } from './playback';

/** The playing song's lyrics, the line being sung highlighted and kept in view; a click seeks. */
export function LyricsView() {
  const { t } = useTranslation();
  const player = useShared((s) => s.musicPlayer);
  const info = useShared((s) => s.lyricsInfo);
  const song = player ? player.list[player.index] : undefined;
  const lines = useMemo(() => parseLrc(song?.lrc ?? ''), [song?.lrc]);
  const time = usePlayback((s) => s.time);
  const seekTo = usePlayback((s) => s.seekTo);
  const now = currentLine(lines, time);
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (el && box.current) box.current.scrollTop = el.offsetTop - box.current.clientHeight / 2;
  }, [now]);
  if (!song) return null;
  return (
    <section
      aria-label={t('music:lyrics.title')}
      className="rounded-lg border border-white/10 bg-white/[0.03] p-3"
    >
      <h2 className="m-0 mb-2 truncate text-sm font-semibold text-white/85">
        {t('music:lyrics.title')} · {info?.title ?? song.title}
      </h2>
      {lines.length === 0 ? (
        <p className="m-0 text-sm text-white/45">{t('music:lyrics.none')}</p>
      ) : (
        <ol
          ref={box}
          className="relative m-0 max-h-56 list-none overflow-y-auto p-0"
          data-testid="lyrics"
        >
          {lines.map((l, i) => (
            <li key={`${l.at}-${i}`}>
              <button
                type="button"
                aria-current={i === now ? 'true' : undefined}
                onClick={() => seekTo?.(l.at)}
                className={`w-full cursor-pointer border-0 bg-transparent px-1 py-0.5 text-left text-sm transition-colors ${
                  i === now
                    ? 'font-semibold text-[var(--accent)]'
                    : 'text-white/55 hover:text-white/80'
                }`}
              >
                {l.text}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
