import { hailuo, hailuoMetadata, hailuoSpec } from './hailuo.js';
import { bearer, downloadBytes, joinUrl, requestJson } from './http.js';
import { jimeng, jimengRelay, jimengSpec } from './jimeng.js';
import { isNewApiKey, klingAdapter } from './kling.js';
import { openAiState, openAiVideo } from './openai-video.js';
import { dataUrl } from './refusals.js';
import { seedance, seedanceMetadata, seedanceSpec } from './seedance.js';
import type { ModelSpec, VideoAdapter, VideoJob, VideoUpstream } from './types.js';
import { veo, veoMetadata, veoSpec } from './veo.js';
import { vidu, viduRelay, viduSpec } from './vidu.js';
import { wan, wanMetadata, wanSpec } from './wan.js';

/*
 * Video through the one-provider New API (`newapi`, base URL the relay's root). New API's
 * router/video-router.go serves Kling's own format at `/kling/v1/videos/{text2video|image2video}`,
 * its unified task format at `POST /v1/video/generations` (relay/common `TaskSubmitReq`:
 * `{model, prompt, duration, images, metadata}`, each channel's adaptor reading `metadata`
 * into its vendor's body) and OpenAI's at `/v1/videos`; all are read back at
 * `GET /v1/videos/{id}` (`ConvertToOpenAIVideo`: `{status, progress, metadata.url, error}`;
 * no url: `GET /v1/videos/{id}/content`). So a model whose upstream name starts with `kling`
 * goes to the Kling adapter (its New API mode, which needs the `sk-` token); a Seedance
 * (`doubao-seedance…`), Veo (`veo-…`), Hailuo (`MiniMax-…`, `T2V-01`…), Wan (`wan2.x…`) or
 * Vidu (`vidu…`) or Jimeng (`jimeng_…`, its channel's `req_key`) model
 * to `/v1/video/generations` with its vendor's fields in `metadata` (the same fields, durations
 * and options as the direct adapter); every other one (`sora-2`…) to `/v1/videos`. Ids carry
 * which (`k:` / `g:` / `o:`), since fetch and download see only the id. New API keeps no
 * callbacks of ours: polled.
 */
const isKling = (upstreamModel: string) => /^kling/i.test(upstreamModel);

/** The vendor engines New API's task adaptors carry, by the relay's model name. */
const ENGINES: Array<{
  test: RegExp;
  adapter: VideoAdapter;
  spec: (m: string) => Partial<ModelSpec>;
  metadata: (j: VideoJob) => Record<string, unknown>;
  /** Pictures as New API's top-level `images` (Vidu's and Gemini's channels read them there). */
  images?: (j: VideoJob) => string[] | undefined;
  /** What the relay's channel cannot carry of the direct adapter's abilities. */
  relayed?: (spec: Partial<ModelSpec>) => Partial<ModelSpec>;
}> = [
  { test: /seedance/i, adapter: seedance, spec: seedanceSpec, metadata: seedanceMetadata },
  {
    test: /^veo-/i,
    adapter: veo,
    spec: veoSpec,
    metadata: veoMetadata,
    images: (j) => (j.firstFrame ? [dataUrl(j.firstFrame)] : undefined),
    // New API's VeoInstance takes one `image`; its `lastFrame` is still a TODO (dto.go).
    relayed: (spec) => ({
      ...spec,
      ...(spec.capabilities ? { capabilities: { ...spec.capabilities, lastFrame: false } } : {}),
    }),
  },
  { test: /^(minimax-|[its]2v-01)/i, adapter: hailuo, spec: hailuoSpec, metadata: hailuoMetadata },
  { test: /^wan2/i, adapter: wan, spec: wanSpec, metadata: wanMetadata },
  {
    test: /^vidu/i,
    adapter: vidu,
    spec: viduSpec,
    metadata: (j) => viduRelay(j).metadata,
    images: (j) => viduRelay(j).images,
    // New API's unified request says no action for reference-to-video: not offered there.
    relayed: (spec) => ({
      ...spec,
      ...(spec.options ? { options: { ...spec.options, references: 0 } } : {}),
    }),
  },
  {
    test: /^jimeng_/i,
    adapter: jimeng,
    spec: jimengSpec,
    metadata: (j) => jimengRelay(j).metadata,
    images: (j) => jimengRelay(j).images,
  },
];
const engineOf = (m: string) => ENGINES.find((e) => e.test.test(m));

/**
 * What a Seedance, Veo, Hailuo or Wan model takes, known by its name (the relay's, or an
 * offline demo model named after one); null for any other name.
 */
export function engineSpec(upstreamModel: string): Partial<ModelSpec> | null {
  const engine = engineOf(upstreamModel);
  if (!engine) return null;
  return {
    capabilities: engine.adapter.capabilities,
    durations: engine.adapter.durations,
    aspects: engine.adapter.aspects,
    ...(engine.adapter.options ? { options: engine.adapter.options } : {}),
    ...engine.spec(upstreamModel),
  };
}

/**
 * The Kling adapter tells New API's token from Kling's `access:secret` by its `sk-`; New API
 * takes a token with or without it (middleware/auth.go trims `sk-`), so it is added here.
 */
const asToken = (up: VideoUpstream): VideoUpstream =>
  isNewApiKey(up.apiKey) ? up : { ...up, apiKey: `sk-${up.apiKey ?? ''}` };

const routeOf = (id: string) =>
  id.startsWith('k:')
    ? { adapter: klingAdapter, id: id.slice(2), up: asToken }
    : { adapter: openAiVideo, id: id.replace(/^[og]:/, ''), up: (u: VideoUpstream) => u };

const relayError = (b: unknown) => {
  const x = b as { error?: { message?: string } | string; message?: string } | undefined;
  return typeof x?.error === 'string' ? x.error : (x?.error?.message ?? x?.message);
};

/** `POST /v1/video/generations` as New API's `TaskSubmitReq`. */
async function submitUnified(
  up: VideoUpstream,
  job: VideoJob,
  metadata: Record<string, unknown>,
  images: string[] | undefined,
  signal?: AbortSignal,
) {
  const v = await requestJson<{ id?: string; task_id?: string }>(up, '/v1/video/generations', {
    json: {
      model: job.model,
      prompt: job.prompt,
      duration: job.duration,
      seconds: String(job.duration),
      ...(images?.length ? { images } : {}),
      metadata,
    },
    headers: bearer(up.apiKey),
    signal,
    errorText: relayError,
  });
  const id = v.task_id || v.id;
  if (!id) throw new Error('New API: no task id in the answer');
  return id;
}

export const newApiVideo: VideoAdapter = {
  protocol: 'newapi',
  // What a `/v1/videos` model takes; a Kling or vendor engine model's own come from `spec`.
  capabilities: openAiVideo.capabilities,
  durations: openAiVideo.durations,
  aspects: openAiVideo.aspects,
  nativeExtend: false,
  callbacks: false,
  spec: (upstreamModel) => {
    if (isKling(upstreamModel))
      return {
        capabilities: klingAdapter.capabilities,
        durations: klingAdapter.durations,
        aspects: klingAdapter.aspects,
        ...klingAdapter.spec?.(upstreamModel),
      };
    const own = engineSpec(upstreamModel);
    const relayed = engineOf(upstreamModel)?.relayed;
    if (own) return relayed ? relayed(own) : own;
    return openAiVideo.spec?.(upstreamModel) ?? {};
  },
  refuse: (upstreamModel, shape) =>
    (isKling(upstreamModel) ? klingAdapter : openAiVideo).refuse?.(upstreamModel, shape) ?? null,
  async submit(up, job, signal) {
    const engine = engineOf(job.model);
    if (engine) {
      const { callbackUrl: _none, ...polled } = job;
      const images = engine.images?.(polled);
      return {
        id: `g:${await submitUnified(up, polled, engine.metadata(polled), images, signal)}`,
      };
    }
    if (!isKling(job.model)) return { id: `o:${(await openAiVideo.submit(up, job, signal)).id}` };
    const { callbackUrl: _none, ...polled } = job;
    return { id: `k:${(await klingAdapter.submit(asToken(up), polled, signal)).id}` };
  },
  async fetch(up, id, signal) {
    const r = routeOf(id);
    if (id.startsWith('g:'))
      return openAiState(
        await requestJson(up, `/v1/videos/${encodeURIComponent(r.id)}`, {
          headers: bearer(up.apiKey),
          signal,
          errorText: relayError,
        }),
      );
    return r.adapter.fetch(r.up(up), r.id, signal);
  },
  download(up, id, state, signal) {
    const r = routeOf(id);
    if (!id.startsWith('g:')) return r.adapter.download(r.up(up), r.id, state, signal);
    // The vendor's link as New API passes it on (a private address only on the relay's own
    // host), else New API's own proxy of the file (Veo's needs the vendor's key).
    const url =
      state.videoUrl || joinUrl(up.baseUrl, `/v1/videos/${encodeURIComponent(r.id)}/content`);
    const own = URL.canParse(url) && new URL(url).origin === new URL(up.baseUrl).origin;
    return downloadBytes(url, {
      base: up.baseUrl,
      ...(own ? { headers: bearer(up.apiKey) } : {}),
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  // The connection test of `newapi` is the chat map's (`GET /v1/models`), registered once.
};
