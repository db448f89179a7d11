import AudioOutlined from '@ant-design/icons-svg/es/asn/AudioOutlined';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { Glyph } from '../../components/glyph';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { perKeys, transcribeRecording, useVoiceInfo } from './voice-api';
import { Button, Tooltip } from '../../components/lite/lite';

/* Speak a question (docs/chat.md, "Voice"): record, then transcribe into the composer. */

/** The input's small tool buttons grow to a 40 px tap target on phones (as in chat-input). */
const PHONE_TAP = 'max-[639px]:!h-10 max-[639px]:!min-w-10';

/** The recording types the browser may make, best first (the server takes each). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg'];

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

type State = 'idle' | 'starting' | 'recording' | 'transcribing';

interface Recording {
  recorder: MediaRecorder;
  chunks: Blob[];
  startedAt: number;
  /** Send it to be transcribed when it stops (false: cancelled). */
  keep: boolean;
}

/** Records from the microphone and hands the recording's transcript to `deliver`. */
function useRecorder(maxSeconds: number, deliver: (text: string) => void) {
  const { t, i18n } = useTranslation('chat');
  const [state, setState] = useState<State>('idle');
  const [seconds, setSeconds] = useState(0);
  const current = useRef<Recording | null>(null);
  const latest = useRef(deliver);
  latest.current = deliver;

  const finish = (keep: boolean) => {
    const rec = current.current;
    if (!rec) return;
    rec.keep = keep;
    if (rec.recorder.state !== 'inactive') rec.recorder.stop();
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => {
      const rec = current.current;
      if (!rec) return;
      const elapsed = (Date.now() - rec.startedAt) / 1000;
      setSeconds(elapsed);
      if (elapsed >= maxSeconds) finishRef.current(true);
    }, 250);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      finishRef.current(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [state, maxSeconds]);

  // Leaving the screen while recording lets the microphone go.
  useEffect(() => () => finishRef.current(false), []);

  const onStopped = (rec: Recording, stream: MediaStream) => {
    for (const track of stream.getTracks()) track.stop();
    current.current = null;
    const length = (Date.now() - rec.startedAt) / 1000;
    setSeconds(0);
    if (!rec.keep || rec.chunks.length === 0) return setState('idle');
    setState('transcribing');
    const audio = new Blob(rec.chunks, { type: rec.recorder.mimeType || 'audio/webm' });
    transcribeRecording(audio, length, i18n.language.slice(0, 2).toLowerCase())
      .then((result) => {
        latest.current(result.text);
        if (result.demo) notify.info(t('voice.demoTranscript'));
      })
      .catch(() => undefined)
      .finally(() => setState('idle'));
  };

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
      return notify.error(t('voice.unsupported'));
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState('idle');
      const name = (error as DOMException).name;
      const denied = name === 'NotAllowedError' || name === 'SecurityError';
      return notify.error(denied ? t('voice.denied') : t('voice.noMicrophone'));
    }
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    const rec: Recording = { recorder, chunks: [], startedAt: Date.now(), keep: true };
    current.current = rec;
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) rec.chunks.push(e.data);
    };
    recorder.onstop = () => onStopped(rec, stream);
    recorder.start(250);
    setSeconds(0);
    setState('recording');
  };

  return { state, seconds, start, finish };
}

/** While recording: a red dot, the seconds, cancel and stop. */
function RecordingBar({ seconds, finish }: { seconds: number; finish: (keep: boolean) => void }) {
  const { t } = useTranslation('chat');
  return (
    <span
      // On a phone the bar covers the composer's button row instead of widening it.
      className="flex items-center gap-1 rounded-full bg-red-500/15 px-2 py-0.5 max-[639px]:absolute max-[639px]:inset-x-2 max-[639px]:bottom-2 max-[639px]:z-10 max-[639px]:bg-[#2b1a1f]"
      data-testid="chat-recording"
      role="status"
      aria-label={t('voice.recording')}
    >
      <span className="h-2 w-2 animate-pulse rounded-full bg-red-500" aria-hidden />
      <span
        className="min-w-9 text-xs tabular-nums text-white/80 max-[639px]:mr-auto"
        data-testid="chat-recording-seconds"
      >
        {clock(seconds)}
      </span>
      <Tooltip title={t('voice.cancel')}>
        <Button
          size="small"
          type="text"
          icon={<Glyph icon={CloseOutlined} />}
          aria-label={t('voice.cancel')}
          data-testid="chat-recording-cancel"
          onClick={() => finish(false)}
          className={`${PHONE_TAP} !text-white/60`}
        />
      </Tooltip>
      <Tooltip title={t('voice.stop')}>
        <Button
          size="small"
          type="text"
          icon={<Glyph icon={CheckOutlined} />}
          aria-label={t('voice.stop')}
          data-testid="chat-recording-stop"
          onClick={() => finish(true)}
          className={`${PHONE_TAP} !text-[var(--accent-text)]`}
        />
      </Tooltip>
    </span>
  );
}

/**
 * The microphone of the composer: a click records (seconds counting, a stop that transcribes,
 * a cancel, Esc cancels too); the transcript is added to the composer's text. Shown when the
 * site has a speech-to-text model.
 */
export function MicButton({
  text,
  onText,
  disabled,
}: {
  text: string;
  onText: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('chat');
  const info = useVoiceInfo();
  const recorder = useRecorder(info.data?.maxSeconds ?? 120, (heard) =>
    onText(text.trim() ? `${text.trimEnd()} ${heard}` : heard),
  );
  const transcribe = info.data?.transcribe;
  if (!transcribe?.available) return null;
  if (recorder.state === 'recording')
    return <RecordingBar seconds={recorder.seconds} finish={recorder.finish} />;

  const busy = recorder.state !== 'idle';
  const label = busy
    ? t('voice.transcribing')
    : transcribe.credits > 0
      ? t('voice.recordPriced', {
          credits: transcribe.credits,
          per: t(perKeys[transcribe.per]),
        })
      : t('voice.record');
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={busy ? <Glyph icon={LoadingOutlined} /> : <Glyph icon={AudioOutlined} />}
        aria-label={label}
        data-testid="chat-mic"
        disabled={disabled || busy}
        onClick={() => void recorder.start()}
        className={`${PHONE_TAP} !text-white/60`}
      />
    </Tooltip>
  );
}
