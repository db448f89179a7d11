import { UpstreamError } from '../errors.js';
import type { SpokenAudio, VoiceAdapter, VoiceTarget } from './types.js';

/*
 * OpenAI's audio API, as openai/openai-node sends it (`src/resources/audio/transcriptions.ts`:
 * `POST /audio/transcriptions`, multipart `file`, `model`, `language`, `response_format`;
 * `src/resources/audio/speech.ts`: `POST /audio/speech`, JSON `model`, `input`, `voice`,
 * `response_format`, answered with the audio bytes, `__binaryResponse`) and the API reference
 * (platform.openai.com/docs/api-reference/audio). Relays (New API, LiteLLM, LocalAI, Speaches)
 * speak the same. Refusals are `{ error: { message, type, param, code } }`.
 */

const joined = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

function headers(target: VoiceTarget, extra: Record<string, string> = {}) {
  return {
    ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
    ...extra,
  };
}

/** The upstream's own words for a refusal: `error.message`, else the status. */
async function refusal(res: Response, what: string): Promise<UpstreamError> {
  let message = `${what}: HTTP ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { message?: unknown } | string };
    const said = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof said === 'string' && said) message = `${what}: ${said.slice(0, 300)}`;
  } catch {
    // not JSON: the status says it
  }
  const transient = res.status === 429 || res.status >= 500;
  return transient
    ? UpstreamError.transient(message, 'http', { status: res.status })
    : new UpstreamError(message, 'permanent', 'refused', { status: res.status });
}

/**
 * One request; `timeoutMs` bounds the wait for the answer's head (a long reading keeps
 * streaming after it). The caller's `signal` ends it at any time, the body's reading included.
 */
async function call(url: string, init: RequestInit, target: VoiceTarget, signal?: AbortSignal) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, target.timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw UpstreamError.transient('voice upstream timed out', 'timeout');
    throw UpstreamError.transient(
      `voice upstream unreachable: ${(error as Error).message}`,
      'network',
    );
  } finally {
    clearTimeout(timer);
  }
}

export const openaiVoice: VoiceAdapter = {
  canSpeak: () => true,

  async transcribe(target, request) {
    const form = new FormData();
    form.append('file', new Blob([request.audio], { type: request.mime }), request.fileName);
    form.append('model', request.model);
    form.append('response_format', 'json');
    if (request.language) form.append('language', request.language);
    const res = await call(
      joined(target.baseUrl, '/audio/transcriptions'),
      { method: 'POST', body: form, headers: headers(target) },
      target,
      request.signal,
    );
    if (!res.ok) throw await refusal(res, 'transcription refused');
    const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
    if (typeof body?.text !== 'string')
      throw UpstreamError.transient('transcription answered without text', 'answer');
    return { text: body.text };
  },

  async speak(target, request): Promise<SpokenAudio> {
    const res = await call(
      joined(target.baseUrl, '/audio/speech'),
      {
        method: 'POST',
        headers: headers(target, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          model: request.model,
          input: request.input,
          voice: request.voice,
          response_format: 'mp3',
        }),
      },
      target,
      request.signal,
    );
    if (!res.ok) throw await refusal(res, 'speech refused');
    if (!res.body) throw UpstreamError.transient('speech answered without audio', 'answer');
    return { mime: 'audio/mpeg', body: res.body as unknown as AsyncIterable<Uint8Array> };
  },
};
