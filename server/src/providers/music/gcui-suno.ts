import { UpstreamError } from '../errors.js';
import { musicRequest, num, str, type MusicClip, type MusicUpstream } from './http.js';

/**
 * Suno through a self-hosted gcui-art/suno-api: generate answers the clips at once (status
 * submitted/queued/streaming), `/api/get?ids=` reads them until complete or error; it also
 * extends and concatenates (docs/music.md, Providers; upstream: gcui-art/suno-api
 * `src/app/api/<call>/route.ts` and `src/lib/SunoApi.ts`).
 */

export interface GcuiGenerate {
  prompt: string;
  make_instrumental: boolean;
  model?: string;
}

export interface GcuiCustom extends GcuiGenerate {
  tags: string;
  title: string;
}

export interface GcuiExtend {
  audio_id: string;
  prompt: string;
  continue_at: number;
  title: string;
  tags: string;
  model?: string;
}

/** A gcui clip → ours. */
export function gcuiClipOf(c: Record<string, unknown>): MusicClip {
  const status = str(c.status);
  const error = str(c.error_message);
  return {
    id: str(c.id),
    status: status === 'complete' ? 'complete' : status === 'error' ? 'error' : 'pending',
    title: str(c.title),
    tags: str(c.tags),
    lyrics: str(c.lyric) || str(c.prompt),
    audioUrl: str(c.audio_url) || null,
    imageUrl: str(c.image_url) || null,
    duration: num(c.duration),
    error: status === 'error' ? error || 'failed' : null,
  };
}

function clipsOf(where: string, a: unknown): MusicClip[] {
  if (!Array.isArray(a))
    throw UpstreamError.transient(`${where}: expected a list of clips`, 'answer');
  const clips = (a as Array<Record<string, unknown>>).map(gcuiClipOf);
  if (clips.some((c) => !c.id))
    throw UpstreamError.transient(`${where}: a clip without id`, 'answer');
  return clips;
}

export async function generate(up: MusicUpstream, body: GcuiGenerate, signal?: AbortSignal) {
  const a = await musicRequest(up, 'POST', '/api/generate', { ...body, wait_audio: false }, signal);
  return clipsOf('/api/generate', a);
}

export async function customGenerate(up: MusicUpstream, body: GcuiCustom, signal?: AbortSignal) {
  const path = '/api/custom_generate';
  return clipsOf(
    path,
    await musicRequest(up, 'POST', path, { ...body, wait_audio: false }, signal),
  );
}

export async function extendAudio(up: MusicUpstream, body: GcuiExtend, signal?: AbortSignal) {
  return clipsOf(
    '/api/extend_audio',
    await musicRequest(up, 'POST', '/api/extend_audio', body, signal),
  );
}

export async function getClips(up: MusicUpstream, ids: string[], signal?: AbortSignal) {
  const path = `/api/get?ids=${ids.map(encodeURIComponent).join(',')}`;
  return clipsOf('/api/get', await musicRequest(up, 'GET', path, undefined, signal));
}

export async function generateLyrics(up: MusicUpstream, prompt: string, signal?: AbortSignal) {
  const a = await musicRequest<Record<string, unknown>>(
    up,
    'POST',
    '/api/generate_lyrics',
    { prompt },
    signal,
  );
  const text = str(a.text);
  if (!text) throw UpstreamError.transient('/api/generate_lyrics: no text', 'answer');
  return { title: str(a.title), text };
}

/** The whole song from a clip and its extensions (a new clip, complete or not yet). */
export async function concat(up: MusicUpstream, clipId: string, signal?: AbortSignal) {
  const a = await musicRequest<Record<string, unknown>>(
    up,
    'POST',
    '/api/concat',
    { clip_id: clipId },
    signal,
  );
  const clip = gcuiClipOf(a);
  if (!clip.id) throw UpstreamError.transient('/api/concat: no clip', 'answer');
  return clip;
}

/** The upstream's cheapest read: the account's credits left. */
export async function checkConnection(p: MusicUpstream, signal?: AbortSignal): Promise<string> {
  const a = await musicRequest<Record<string, unknown>>(
    p,
    'GET',
    '/api/get_limit',
    undefined,
    signal,
  );
  const left = num(a.credits_left);
  if (left === null)
    throw new UpstreamError('/api/get_limit: unexpected answer', 'permanent', 'answer');
  return `suno-api answered: ${left} credits left`;
}
