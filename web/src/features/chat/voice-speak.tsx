import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import PauseCircleOutlined from '@ant-design/icons-svg/es/asn/PauseCircleOutlined';
import SoundOutlined from '@ant-design/icons-svg/es/asn/SoundOutlined';
import { Glyph } from '../../components/glyph';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { perKeys, speakAnswer, useVoiceInfo } from './voice-api';
import { Button, Tooltip } from '../../components/lite/lite';

/* Read an answer aloud (docs/chat.md, "Voice"): streamed audio, stopped at any moment. */

type State = 'idle' | 'loading' | 'playing';

/** Appends one piece to a source buffer and waits until it is taken. */
const append = (buffer: SourceBuffer, piece: Uint8Array) =>
  new Promise<void>((resolve, reject) => {
    buffer.addEventListener('updateend', () => resolve(), { once: true });
    buffer.addEventListener('error', () => reject(new Error('append failed')), { once: true });
    buffer.appendBuffer(piece as Uint8Array<ArrayBuffer>);
  });

/**
 * Feeds a streamed answer to the audio element: through Media Source Extensions when the
 * browser plays the type as a stream (MP3 in Chromium), so it starts with the first bytes;
 * else (WAV, or a browser without them) the whole file as a blob once it has come.
 */
async function feed(audio: HTMLAudioElement, response: Response, signal: AbortSignal) {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const reader = response.body!.getReader();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), {
    once: true,
  });
  if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type)) {
    const source = new MediaSource();
    audio.src = URL.createObjectURL(source);
    await new Promise<void>((resolve) =>
      source.addEventListener('sourceopen', () => resolve(), { once: true }),
    );
    const buffer = source.addSourceBuffer(type);
    void audio.play().catch(() => undefined);
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      await append(buffer, value);
    }
    if (source.readyState === 'open' && !signal.aborted) source.endOfStream();
    return;
  }
  const pieces: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done || signal.aborted) break;
    pieces.push(value);
  }
  if (signal.aborted) return;
  audio.src = URL.createObjectURL(new Blob(pieces as BlobPart[], { type }));
  await audio.play();
}

/** The speaker under an answer: play it aloud, stop it; a spinner while the first audio comes. */
export function SpeakButton({ messageId }: { messageId: number }) {
  const { t } = useTranslation('chat');
  const info = useVoiceInfo();
  const [state, setState] = useState<State>('idle');
  const audioRef = useRef<HTMLAudioElement>(null);
  const controller = useRef<AbortController | null>(null);

  const stop = () => {
    controller.current?.abort();
    controller.current = null;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      if (audio.src) URL.revokeObjectURL(audio.src);
      audio.removeAttribute('src');
    }
    setState('idle');
  };
  useEffect(() => () => controller.current?.abort(), []);

  const speak = info.data?.speak;
  if (!speak?.available) return null;

  const play = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    const abort = new AbortController();
    controller.current = abort;
    setState('loading');
    try {
      const response = await speakAnswer(messageId, abort.signal);
      await feed(audio, response, abort.signal);
    } catch {
      if (!abort.signal.aborted) stop();
    }
  };

  const label =
    state === 'idle'
      ? speak.credits > 0
        ? t('voice.speakPriced', { credits: speak.credits, per: t(perKeys[speak.per]) })
        : t('voice.speak')
      : t('voice.stopSpeaking');
  return (
    <>
      <Tooltip title={label} mouseEnterDelay={0.4}>
        <Button
          size="small"
          type="text"
          icon={
            state === 'loading' ? (
              <Glyph icon={LoadingOutlined} />
            ) : state === 'playing' ? (
              <Glyph icon={PauseCircleOutlined} />
            ) : (
              <Glyph icon={SoundOutlined} />
            )
          }
          aria-label={label}
          aria-pressed={state !== 'idle'}
          data-testid="chat-speak"
          data-state={state}
          onClick={() => (state === 'idle' ? void play() : stop())}
          className={
            state === 'idle' ? '!text-white/55 hover:!text-white/85' : '!text-[var(--accent-text)]'
          }
        />
      </Tooltip>
      <audio
        ref={audioRef}
        data-testid="chat-speak-audio"
        className="hidden"
        onPlaying={() => setState('playing')}
        onEnded={stop}
        onError={() => controller.current && stop()}
      />
    </>
  );
}
