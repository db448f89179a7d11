import type { video as V } from '@atelier/contracts';
import { callJimeng, checkJimeng, type JimengAnswer } from '../jimeng.js';
import { UpstreamError } from '../errors.js';
import { downloadBytes, withCamera } from './http.js';
import type { ModelSpec, VideoAdapter, VideoJob, VideoState } from './types.js';

/*
 * Jimeng video (即梦AI-视频生成) on Volcengine's visual API (providers/jimeng.ts), as New API's
 * Jimeng task channel sends it (QuantumNous/new-api `relay/channel/task/jimeng/adaptor.go`):
 * `{req_key, prompt, seed, aspect_ratio, frames (121 for 5 s, 241 for 10 s),
 * binary_data_base64}`. The model is the `req_key`: `jimeng_vgfm_t2v_l20` (words),
 * `jimeng_vgfm_i2v_l20` (a first frame), or Jimeng 3.0 by its family name as New API resolves
 * it (`resolveJimengReqKey`): `jimeng_v30` / `jimeng_v30_1080p` become `jimeng_t2v_v30…`,
 * `jimeng_i2v_first_v30…` with one picture, `jimeng_i2v_first_tail_v30…` with two;
 * `jimeng_v30_pro` is `jimeng_ti2v_v30_pro`. The query needs the same `req_key`, so our task id
 * is `req_key:task_id`. `video_url` expires (within an hour): the clip is copied at once.
 * No callbacks: polled.
 */

const ASPECTS: V.VideoAspect[] = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'];

/** The `req_key` sent for a model and a number of pictures (New API's resolveJimengReqKey). */
export function jimengReqKey(model: string, images: number): string {
  if (!model.includes('jimeng_v30')) return model;
  if (model === 'jimeng_v30_pro') return 'jimeng_ti2v_v30_pro';
  if (images > 1) return model.replace('jimeng_v30', 'jimeng_i2v_first_tail_v30').replace(/p$/, '');
  if (images === 1) return model.replace('jimeng_v30', 'jimeng_i2v_first_v30').replace(/p$/, '');
  return model.replace('jimeng_v30', 'jimeng_t2v_v30');
}

/** What each model takes: words, a first frame, first and last (3.0), 5 or 10 s. */
export function jimengSpec(model: string): Partial<ModelSpec> {
  const family = /jimeng_v30(?!_pro)/.test(model);
  const pictureOnly = /i2v/.test(model) && !/ti2v/.test(model);
  const textOnly = /t2v/.test(model) && !/ti2v/.test(model);
  return {
    capabilities: {
      text: !pictureOnly,
      firstFrame: !textOnly,
      lastFrame: family || /first_tail/.test(model),
      extend: !textOnly,
      camera: false,
      motionBrush: false,
    },
    durations: [5, 10],
    aspects: ASPECTS,
  };
}

export function jimengBody(job: VideoJob): Record<string, unknown> {
  const images = [job.firstFrame, job.lastFrame]
    .filter((f) => !!f)
    .map((f) => f!.bytes.toString('base64'));
  return {
    req_key: jimengReqKey(job.model, images.length),
    prompt: withCamera(job.prompt, job.camera),
    seed: job.seed !== undefined ? job.seed % 2 ** 31 : -1,
    aspect_ratio: job.aspect,
    frames: job.duration === 10 ? 241 : 121,
    ...(images.length ? { binary_data_base64: images } : {}),
  };
}

export function jimengState(a: JimengAnswer): VideoState {
  const s = a.data?.status ?? '';
  if (s === 'done' && a.data?.video_url)
    return { phase: 'succeeded', status: s, progress: 100, videoUrl: a.data.video_url };
  if (s === 'done' || s === 'not_found' || s === 'expired')
    return { phase: 'failed', status: s, progress: 0, error: `Jimeng: ${s}` };
  return {
    phase: s === 'generating' ? 'running' : 'queued',
    status: s,
    progress: s === 'generating' ? 50 : 10,
  };
}

const split = (id: string) => {
  const i = id.lastIndexOf(':');
  return { reqKey: id.slice(0, i), taskId: id.slice(i + 1) };
};

export const jimeng: VideoAdapter = {
  protocol: 'jimeng',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [5, 10],
  aspects: ASPECTS,
  spec: jimengSpec,
  nativeExtend: false,
  callbacks: false,
  async submit(up, job, signal) {
    const body = jimengBody(job);
    const a = await callJimeng(up, 'CVSync2AsyncSubmitTask', body, signal);
    const taskId = a.data?.task_id;
    if (!taskId) throw UpstreamError.transient('Jimeng: no task_id in the answer', 'answer');
    return { id: `${String(body.req_key)}:${taskId}` };
  },
  async fetch(up, id, signal) {
    const { reqKey, taskId } = split(id);
    try {
      return jimengState(
        await callJimeng(
          up,
          'CVSync2AsyncGetResult',
          { req_key: reqKey, task_id: taskId, req_json: JSON.stringify({ return_url: true }) },
          signal,
        ),
      );
    } catch (e) {
      // The task's own end: its output refused by the filter (50511, 50516…), the algorithm
      // failed (50501). A QPS limit or a failed query (429, 50500) is only tried again.
      if (e instanceof UpstreamError && !e.transient && e.kind === 'banned')
        return { phase: 'failed', status: 'done', progress: 0, error: e.message, filtered: true };
      if (e instanceof UpstreamError && /^50501/.test(e.message))
        return { phase: 'failed', status: 'done', progress: 0, error: e.message };
      throw e;
    }
  },
  download: (up, _id, state, signal) =>
    downloadBytes(state.videoUrl ?? '', { base: up.baseUrl, signal, timeoutMs: up.timeoutMs * 4 }),
  checkConnection: (p, signal) => checkJimeng(p, signal),
};

/**
 * New API's Jimeng channel (`task/jimeng/adaptor.go`): the pictures as `images` (base64, sent
 * on as `binary_data_base64`), `duration` made `frames`, `metadata` over the body (`seed`,
 * `aspect_ratio`), the `req_key` resolved the same way from the model's name.
 */
export function jimengRelay(job: VideoJob) {
  const {
    req_key: _k,
    prompt: _p,
    frames: _f,
    binary_data_base64: images,
    ...metadata
  } = jimengBody(job) as { binary_data_base64?: string[] } & Record<string, unknown>;
  return { images, metadata };
}
