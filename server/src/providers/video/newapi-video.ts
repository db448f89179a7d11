import { isNewApiKey, klingAdapter } from './kling.js';
import { openAiVideo } from './openai-video.js';
import type { VideoAdapter, VideoUpstream } from './types.js';

/*
 * Video through the one-provider New API (`newapi`, base URL the relay's root). New API's
 * router/video-router.go serves Kling's own format at `/kling/v1/videos/{text2video|image2video}`
 * and every relayed vendor in OpenAI's at `/v1/videos`; both are read back at
 * `GET /v1/videos/{id}`. So a model whose upstream name starts with `kling` goes to the Kling
 * adapter (its New API mode, which needs the `sk-` token), every other one (`sora-2`, Vidu…)
 * to the `/v1/videos` adapter. Ids carry which (`k:` / `o:`), since fetch and download see
 * only the id. New API keeps no callbacks of ours: polled.
 */
const isKling = (upstreamModel: string) => /^kling/i.test(upstreamModel);

/**
 * The Kling adapter tells New API's token from Kling's `access:secret` by its `sk-`; New API
 * takes a token with or without it (middleware/auth.go trims `sk-`), so it is added here.
 */
const asToken = (up: VideoUpstream): VideoUpstream =>
  isNewApiKey(up.apiKey) ? up : { ...up, apiKey: `sk-${up.apiKey ?? ''}` };

const routeOf = (id: string) =>
  id.startsWith('k:')
    ? { adapter: klingAdapter, id: id.slice(2), up: asToken }
    : { adapter: openAiVideo, id: id.replace(/^o:/, ''), up: (u: VideoUpstream) => u };

export const newApiVideo: VideoAdapter = {
  protocol: 'newapi',
  // What a `/v1/videos` model takes; a Kling model's own abilities come from `spec`.
  capabilities: openAiVideo.capabilities,
  durations: openAiVideo.durations,
  aspects: openAiVideo.aspects,
  nativeExtend: false,
  callbacks: false,
  spec: (upstreamModel) =>
    isKling(upstreamModel)
      ? {
          capabilities: klingAdapter.capabilities,
          durations: klingAdapter.durations,
          aspects: klingAdapter.aspects,
          ...klingAdapter.spec?.(upstreamModel),
        }
      : (openAiVideo.spec?.(upstreamModel) ?? {}),
  refuse: (upstreamModel, shape) =>
    (isKling(upstreamModel) ? klingAdapter : openAiVideo).refuse?.(upstreamModel, shape) ?? null,
  async submit(up, job, signal) {
    if (!isKling(job.model)) return { id: `o:${(await openAiVideo.submit(up, job, signal)).id}` };
    const { callbackUrl: _none, ...polled } = job;
    return { id: `k:${(await klingAdapter.submit(asToken(up), polled, signal)).id}` };
  },
  fetch(up, id, signal) {
    const r = routeOf(id);
    return r.adapter.fetch(r.up(up), r.id, signal);
  },
  download(up, id, state, signal) {
    const r = routeOf(id);
    return r.adapter.download(r.up(up), r.id, state, signal);
  },
  // The connection test of `newapi` is the chat map's (`GET /v1/models`), registered once.
};
