import { useQuery } from '@tanstack/react-query';
import { chat } from '@atelier/contracts';
import { API_BASE, ApiError, apiData, handleAnswer, identityHeaders } from '../../api/client';
import { t as translate } from '../../i18n';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';

/* Voice in the chat (docs/chat.md, "Voice"): what the site offers, transcribe, read aloud. */

export const useVoiceInfo = () => {
  const userId = useAuthStore((s) => s.userInfo?.id ?? null);
  return useQuery({
    queryKey: ['chat', 'voice-info', userId],
    queryFn: () => apiData(chat.voiceInfo),
    enabled: userId !== null,
    staleTime: 60_000,
    retry: false,
  });
};

type Envelope = Parameters<typeof handleAnswer>[2];

async function post(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${API_BASE}${path}`, { method: 'POST', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const text = translate('errors:network');
    notify.error(text);
    throw new ApiError(text, 0);
  }
}

/** `POST /chat/voice/transcribe`: the recording (multipart, fields first) → its text. */
export async function transcribeRecording(
  audio: Blob,
  seconds: number,
  language: string,
): Promise<chat.Transcription> {
  const form = new FormData();
  form.append('seconds', String(Math.min(chat.VOICE_MAX_SECONDS, Math.round(seconds * 10) / 10)));
  form.append('language', language);
  const type = audio.type.split(';')[0] ?? '';
  const extension = type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm';
  form.append('file', audio, `recording.${extension}`);
  const response = await post(chat.transcribe.path, { headers: identityHeaders(), body: form });
  const body = (await response.json().catch(() => null)) as Envelope;
  const answer = handleAnswer<chat.Transcription>(chat.transcribe.path, response.status, body);
  if (!answer.success) throw new ApiError(answer.message, 420);
  return answer.data;
}

/**
 * `POST /chat/voice/speak`: the answer's audio as a streamed response (its type in
 * `content-type`). A refusal goes through the error catalogue and rejects.
 */
export async function speakAnswer(messageId: number, signal: AbortSignal): Promise<Response> {
  const response = await post(chat.speak.path, {
    headers: { ...identityHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ messageId }),
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !response.body || type.includes('application/json')) {
    const body = (await response.json().catch(() => null)) as Envelope;
    handleAnswer(chat.speak.path, response.status, body);
    throw new ApiError(translate('errors:requestError'), response.status);
  }
  return response;
}

/** What a voice price counts, one literal key each. */
export const perKeys: Record<chat.VoiceSide['per'], string> = {
  call: 'chat:voice.per.call',
  second: 'chat:voice.per.second',
  '1k_chars': 'chat:voice.per.1k_chars',
};
