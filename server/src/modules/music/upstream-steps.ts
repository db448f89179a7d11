import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { failedFor, failureClassOf } from '../../lib/failure-text.js';
import { UpstreamError } from '../../providers/errors.js';
import * as gcui from '../../providers/music/gcui-suno.js';
import type { MusicClip } from '../../providers/music/http.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import {
  getTasks,
  type ResultFile,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
} from '../tasks/index.js';
import { texts } from './messages.js';
import type { MusicModel } from './models.js';
import { paramsOf, type ClipData, type MusicData } from './params.js';

/*
 * Songs made upstream: submit in the model's format (New API task or gcui suno-api), poll
 * until every clip is final, then hand the engine the audio and covers of the clips that
 * were delivered — the hold is settled for those only (one of two failing refunds half).
 */

/** The secret our notify hook URL carries: derived from the site's key, never stored. */
export const notifySecret = (ctx: AppContext) =>
  createHmac('sha256', ctx.config.secretKey ?? '')
    .update('music-notify')
    .digest('base64url')
    .slice(0, 32);

export function checkNotifySecret(ctx: AppContext, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(notifySecret(ctx));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Audio type by the link's extension (Suno serves MP3). */
const audioMime = (url: string) => (/\.wav(\?|$)/i.test(url) ? 'audio/wav' : 'audio/mpeg');

/** The clips' results: audio and cover of each complete one, and what each clip was. */
export function deliver(clips: MusicClip[], reason: string): StepOutcome {
  const files: ResultFile[] = [];
  const data: ClipData[] = [];
  // Covers after every audio file: the audio links are the ones that expire soonest.
  const covers: Array<{ clip: ClipData; file: ResultFile }> = [];
  for (const c of clips) {
    const ok = c.status === 'complete' && c.audioUrl;
    const name = (c.title || 'song').replace(/[^\p{L}\p{N} _-]/gu, '').slice(0, 40) || 'song';
    let audio: number | null = null;
    let cover: ResultFile | null = null;
    if (ok) {
      const mime = audioMime(c.audioUrl!);
      audio =
        files.push({
          url: c.audioUrl!,
          name: `${name}.${mime === 'audio/wav' ? 'wav' : 'mp3'}`,
          mime,
        }) - 1;
      if (c.imageUrl) cover = { url: c.imageUrl, name: `${name}.jpg` };
    }
    const clip: ClipData = {
      id: c.id,
      status: ok ? 'complete' : 'error',
      title: c.title,
      tags: c.tags,
      lyrics: c.lyrics,
      lrc: '',
      duration: c.duration,
      error: ok ? null : c.error || reason || 'failed',
      audio,
      wav: audio !== null && files[audio]!.mime === 'audio/wav' ? audio : null,
      image: null,
      stems: null,
    };
    data.push(clip);
    if (cover) covers.push({ clip, file: cover });
  }
  for (const { clip, file } of covers) clip.image = files.push(file) - 1;
  const delivered = data.filter((d) => d.status === 'complete').length;
  if (delivered === 0) {
    const why = data.map((d) => d.error).find(Boolean) || reason || 'failed';
    return {
      type: 'failed',
      ...failedFor(texts.allClipsFailed, why),
      data: { clips: data },
    };
  }
  const out: MusicData = { clips: data };
  return { type: 'done', files, data: { ...out }, share: { delivered, of: data.length } };
}

/** The New API task that made an extension's source clip (its `task_id`). */
async function sourceTaskId(task: TaskRow, io: TaskIo, sourceTaskId: number | undefined) {
  const [source] = sourceTaskId ? await getTasks(io.ctx, task.userId, [sourceTaskId]) : [];
  if (!source?.upstreamId) throw UpstreamError.permanent(texts.sourceGone);
  return source.upstreamId;
}

/**
 * Submits a request in New API's task format. It has no notify hook (`dto/suno.go`): the task
 * is polled. A refusal (4xx) fails the task at once with its class in the user's words.
 */
export async function newApiSubmit(task: TaskRow, io: TaskIo, m: MusicModel): Promise<StepOutcome> {
  const p = paramsOf(task.params);
  const pollAfterMs = io.ctx.config.music.pollMs;
  const extend = task.action === 'extend' && p.sourceClipId;
  const body: newapi.NewApiMusicBody = {
    mv: m.upstreamModel,
    make_instrumental: p.instrumental,
    ...(p.mode === 'inspiration' && !extend
      ? { gpt_description_prompt: [p.prompt, p.tags].filter(Boolean).join(', ') }
      : { prompt: p.lyrics, title: p.title, tags: p.tags }),
    ...(extend
      ? {
          continue_clip_id: p.sourceClipId!,
          continue_at: p.source?.at ?? 0,
          task_id: await sourceTaskId(task, io, p.source?.taskId),
        }
      : {}),
  };
  try {
    const id = await newapi.submitMusic(m.upstream, body, io.signal);
    return { type: 'submitted', upstreamId: id, pollAfterMs, progress: 1 };
  } catch (error) {
    if (error instanceof UpstreamError && error.retry === 'permanent' && !error.text)
      throw error.withText(
        failedFor(texts.upstreamFailed, error.message, failureClassOf(error)).error,
      );
    throw error;
  }
}

/** Submits a request to a gcui suno-api (its concat makes a "whole" song). */
export async function gcuiSubmit(task: TaskRow, io: TaskIo, m: MusicModel): Promise<StepOutcome> {
  const p = paramsOf(task.params);
  const pollAfterMs = io.ctx.config.music.pollMs;
  const extend = task.action === 'extend' && p.sourceClipId;
  const model = m.upstreamModel;
  let clips: MusicClip[];
  if (task.action === 'whole' && p.sourceClipId)
    clips = [await gcui.concat(m.upstream, p.sourceClipId, io.signal)];
  else if (extend)
    clips = await gcui.extendAudio(
      m.upstream,
      {
        audio_id: p.sourceClipId!,
        prompt: p.lyrics,
        continue_at: p.source?.at ?? 0,
        title: p.title,
        tags: p.tags,
        model,
      },
      io.signal,
    );
  else if (p.mode === 'inspiration')
    clips = await gcui.generate(
      m.upstream,
      {
        prompt: [p.prompt, p.tags].filter(Boolean).join(', '),
        make_instrumental: p.instrumental,
        model,
      },
      io.signal,
    );
  else
    clips = await gcui.customGenerate(
      m.upstream,
      { prompt: p.lyrics, tags: p.tags, title: p.title, make_instrumental: p.instrumental, model },
      io.signal,
    );
  return {
    type: 'submitted',
    upstreamId: clips.map((c) => c.id).join(','),
    pollAfterMs,
    progress: 1,
  };
}

/** What a New API task says now, as a step outcome (polls and the notify hook). */
export function newApiOutcome(t: newapi.NewApiTask, pollAfterMs: number): StepOutcome {
  if (t.status === 'FAILURE') {
    if (t.clips.some((c) => c.status === 'complete')) return deliver(t.clips, t.failReason);
    return {
      type: 'failed',
      ...failedFor(texts.upstreamFailed, t.failReason || 'FAILURE'),
    };
  }
  if (t.status === 'SUCCESS') return deliver(t.clips, t.failReason);
  return { type: 'progress', progress: Math.min(99, Math.max(1, t.progress)), pollAfterMs };
}

/** Polls a New API task until it is final. */
export async function newApiPoll(task: TaskRow, io: TaskIo, m: MusicModel): Promise<StepOutcome> {
  return newApiOutcome(
    await newapi.fetchTask(m.upstream, task.upstreamId!, io.signal),
    io.ctx.config.music.pollMs,
  );
}

/** Polls a suno-api until every clip is final. */
export async function gcuiPoll(task: TaskRow, io: TaskIo, m: MusicModel): Promise<StepOutcome> {
  const pollAfterMs = io.ctx.config.music.pollMs;
  const ids = task.upstreamId!.split(',');
  const clips = await gcui.getClips(m.upstream, ids, io.signal);
  if (clips.length > 0 && clips.every((c) => c.status !== 'pending')) return deliver(clips, '');
  const started = clips.filter((c) => c.audioUrl).length;
  return {
    type: 'progress',
    progress: Math.min(95, 10 + Math.round((40 * started) / ids.length)),
    pollAfterMs,
  };
}
