import { UpstreamError } from '../errors.js';
import { musicRequest, num, str, type MusicClip, type MusicUpstream } from './http.js';

/**
 * Suno through the New API task format (the one most operators relay): submit a music or
 * lyrics task, then fetch it until SUCCESS or FAILURE (docs/music.md, Providers). Upstream:
 * QuantumNous/new-api (formerly Calcium-Ion/new-api):
 * - `router/relay-router.go`: `POST /suno/submit/:action` (`music`, `lyrics`), `POST
 *   /suno/fetch {ids}`, `GET /suno/fetch/:id`, all through `controller.RelayTask`;
 * - `dto/suno.go` `SunoSubmitReq`: the fields below and no others: there is no
 *   `notify_hook`, so a New API task is only ever polled;
 * - `relay/channel/task/suno/adaptor.go`: a `continue_clip_id` (extend) without `task_id`
 *   (the New API task that made the clip) is refused, 400 `{code: "invalid_request",
 *   message: "task id is empty"}`; `relay/relay_task.go`: that task must be the caller's
 *   (else 400 `task_not_exist`, "task_origin_not_exist"), quota 403 `quota_not_enough`; the
 *   answer is `{code: "success", message, data: <task id>}`, a failure `{code, message, data}`
 *   with its status; 500 `do_request_failed` / `insert_task_failed` / `*_response_body_failed`
 *   come after the request was passed on to Suno (its job may exist: `sent`).
 */

export interface NewApiMusicBody {
  /** Inspiration mode. */
  gpt_description_prompt?: string;
  /** Custom mode: the lyrics. */
  prompt?: string;
  title?: string;
  tags?: string;
  mv: string;
  make_instrumental: boolean;
  continue_clip_id?: string;
  continue_at?: number;
  /** With `continue_clip_id`: the New API task id that made that clip (required). */
  task_id?: string;
}

export interface NewApiTask {
  taskId: string;
  action: 'MUSIC' | 'LYRICS';
  status: 'NOT_START' | 'SUBMITTED' | 'QUEUED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';
  progress: number;
  failReason: string;
  clips: MusicClip[];
  lyrics: { title: string; text: string } | null;
}

interface Envelope {
  code?: string | number;
  message?: string;
  data?: unknown;
}

const okCode = (c: unknown) => c === 'success' || c === 200 || c === 0;

/** 500 codes of `RelayTaskSubmit` given after the request went on to Suno. */
const SENT_CODES = [
  'do_request_failed',
  'insert_task_failed',
  'read_response_body_failed',
  'copy_response_body_failed',
  'unmarshal_response_body_failed',
] as const;

async function submit(up: MusicUpstream, path: string, body: unknown, signal?: AbortSignal) {
  const a = await musicRequest<Envelope>(up, 'POST', path, body, signal, SENT_CODES);
  if (!okCode(a.code) || typeof a.data !== 'string' || !a.data)
    throw new UpstreamError(`${path}: ${a.message || 'refused'}`, 'permanent', 'refused');
  return a.data;
}

export const submitMusic = (up: MusicUpstream, body: NewApiMusicBody, signal?: AbortSignal) =>
  submit(up, '/suno/submit/music', body, signal);

export const submitLyrics = (up: MusicUpstream, prompt: string, signal?: AbortSignal) =>
  submit(up, '/suno/submit/lyrics', { prompt }, signal);

/** A New API clip → ours. */
export function clipOf(c: Record<string, unknown>): MusicClip {
  const meta = (c.metadata ?? {}) as Record<string, unknown>;
  const status = str(c.status);
  const error = str(meta.error_message) || (status === 'error' ? 'failed' : '');
  return {
    id: str(c.id),
    status: status === 'complete' ? 'complete' : status === 'error' || error ? 'error' : 'pending',
    title: str(c.title),
    tags: str(meta.tags),
    lyrics: str(meta.prompt),
    audioUrl: str(c.audio_url) || null,
    imageUrl: str(c.image_large_url) || str(c.image_url) || null,
    duration: num(meta.duration),
    error: error || null,
  };
}

/** A task as `/suno/fetch` answers it (wrapped in `{code, data}` or not). */
export function taskOf(raw: Record<string, unknown>): NewApiTask {
  const action = str(raw.action) === 'LYRICS' ? 'LYRICS' : 'MUSIC';
  const data = raw.data;
  const lyricsData =
    action === 'LYRICS' && data && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : null;
  return {
    taskId: str(raw.task_id),
    action,
    status: (str(raw.status) || 'NOT_START') as NewApiTask['status'],
    progress: Math.min(100, Math.max(0, num(str(raw.progress).replace('%', '')) ?? 0)),
    failReason: str(raw.fail_reason),
    clips: Array.isArray(data) ? (data as Array<Record<string, unknown>>).map(clipOf) : [],
    lyrics: lyricsData ? { title: str(lyricsData.title), text: str(lyricsData.text) } : null,
  };
}

export async function fetchTask(up: MusicUpstream, id: string, signal?: AbortSignal) {
  const a = await musicRequest<Envelope>(
    up,
    'GET',
    `/suno/fetch/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
  const raw = (a.data && typeof a.data === 'object' ? a.data : a) as Record<string, unknown>;
  if (!okCode(a.code) && !raw.task_id)
    throw new UpstreamError(`fetch ${id}: ${a.message || 'no such task'}`, 'permanent', 'answer');
  return taskOf(raw);
}

/** The upstream's cheapest read: a batch fetch of no tasks. */
export async function checkConnection(p: MusicUpstream, signal?: AbortSignal): Promise<string> {
  const a = await musicRequest<Envelope>(p, 'POST', '/suno/fetch', { ids: [] }, signal);
  if (!okCode(a.code) && !Array.isArray(a.data) && !Array.isArray(a))
    throw new UpstreamError(
      `/suno/fetch: ${a.message || 'unexpected answer'}`,
      'permanent',
      'answer',
    );
  return 'New API Suno task API answered';
}
