import { randomBytes } from 'node:crypto';
import {
  json,
  startFakeServer,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
} from './http.js';
import { testClip } from './video-clip.js';
import { gatewayError, verifyVolcSignature } from './volc-signature.js';

/**
 * One loopback fake speaking four video engines as their documentation and New API's relay
 * adaptors (QuantumNous/new-api `relay/channel/task/*`) show them, refusals included:
 * - Seedance, Volcengine Ark (its "Video generation API": create / query a content generation
 *   task; new-api `task/doubao/adaptor.go`): `POST /api/v3/contents/generations/tasks` → `{id}`,
 *   `GET …/tasks/{id}` → `{id, model, status queued|running|succeeded|failed, content:
 *   {video_url}, error: {code, message}}`, the task POSTed to `callback_url` when it ends; `GET
 *   …/tasks?page_num&page_size` → `{items, total}`. Errors `{error: {code, message, param}}`:
 *   400 `InvalidParameter`, 400 `InputTextSensitiveContentDetected`, 429 `QuotaExceeded`;
 *   a task failed by `OutputVideoSensitiveContentDetected`.
 * - Veo, Gemini API (ai.google.dev/gemini-api/docs/video; new-api `task/gemini/adaptor.go`,
 *   `dto.go`): `POST /v1beta/models/{model}:predictLongRunning` with `x-goog-api-key` →
 *   `{name: "models/{model}/operations/{id}"}`; `GET /v1beta/{name}` → `{name, done, response:
 *   {@type, generateVideoResponse: {generatedSamples: [{video: {uri}}], raiMediaFilteredCount,
 *   raiMediaFilteredReasons}}}`; the `uri` is read with the key; errors google.rpc.Status
 *   `{error: {code, message, status}}` (400 INVALID_ARGUMENT, 429 RESOURCE_EXHAUSTED).
 * - Hailuo, MiniMax (platform.minimaxi.com video generation; new-api `task/hailuo/*`):
 *   `POST /v1/video_generation` → `{task_id, base_resp}`, `GET /v1/query/video_generation?
 *   task_id=` → `{task_id, status Preparing|Queueing|Processing|Success|Fail, file_id,
 *   base_resp}`, `GET /v1/files/retrieve?file_id=` → `{file: {download_url}, base_resp}`; every
 *   refusal HTTP 200 with `base_resp.status_code` 1004 (key), 1008 (balance), 1026
 *   (sensitive), 2013 (parameters); the per-model durations and resolutions of `models.go`.
 * - Wan, DashScope (Model Studio video synthesis; new-api `task/ali/adaptor.go`): `POST
 *   /api/v1/services/aigc/video-generation/video-synthesis` only with `X-DashScope-Async:
 *   enable` (else 403 AccessDenied) → `{output: {task_id, task_status: PENDING}, request_id}`;
 *   `GET /api/v1/tasks/{id}` → `{output: {task_status PENDING|RUNNING|SUCCEEDED|FAILED,
 *   video_url, code, message}}`; errors `{code, message, request_id}`: 400
 *   `InvalidParameter`, 400 `DataInspectionFailed`, 400 `Arrearage`, 401 `InvalidApiKey`.
 * - Vidu (platform.vidu.cn/docs: text-to-video, image-to-video, start-end-to-video,
 *   reference-to-video — 1 to 7 subjects on viduq1, 1 to 3 on vidu2.0 / 1.5, a prompt required;
 *   new-api `task/vidu/adaptor.go`): `POST /ent/v2/{text2video|img2video|start-end2video|
 *   reference2video}` with
 *   `Authorization: Token <key>` → `{task_id, state: "created", model, …}`; `GET
 *   /ent/v2/tasks/{id}/creations` → `{state created|queueing|processing|success|failed, err_code,
 *   credits, creations: [{id, url, cover_url}]}`; errors `{code, reason, message}`: 400
 *   `BadRequest`, 400 `AuditSubmitIllegal`, 403 `CreditInsufficient`, 401 `Unauthorized`.
 * - Jimeng video, Volcengine's visual API (volcengine.com/docs/85621 "即梦AI-视频生成"; new-api
 *   `task/jimeng/adaptor.go`): `POST /?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`
 *   signed with HMAC-SHA256 (checked by volc-signature.ts: a wrong secret is 401
 *   `SignatureDoesNotMatch`) `{req_key, prompt, seed, aspect_ratio, frames,
 *   binary_data_base64}` → `{code: 10000, data: {task_id}, message: "Success", request_id,
 *   status: 10000, time_elapsed}`; `POST /?Action=CVSync2AsyncGetResult…` `{req_key, task_id}`
 *   → `{code: 10000, data: {status in_queue|generating|done, video_url}}`; refusals `{code,
 *   data: null, message, request_id, status, time_elapsed}`: 400 50412 "Text Risk Not Pass",
 *   400 50215 "Input invalid for this service.", a task failed by 50516 "Post Video Risk Not
 *   Pass" or 500 50501 "Internal RPC Error"; no quota is the gateway's 403 `AccessDenied`.
 * - New API's unified task endpoint in front of them (QuantumNous/new-api `router/video-router.go`,
 *   `relay/relay_task.go`, relay/common `TaskSubmitReq`, each channel's `BuildRequestBody`):
 *   `POST /v1/video/generations` `{model, prompt, duration, seconds, images, metadata}` with its
 *   token → `dto.NewOpenAIVideo` `{id: "task_…", task_id, object: "video", model, status: "",
 *   progress: 0}`; the vendor body is built from it as the adaptor does (Doubao: `metadata`
 *   over Ark's body, the prompt appended as text; Gemini: `metadata` as `parameters`; Hailuo:
 *   `metadata` over MiniMax's body; Ali: `metadata` merged over DashScope's `input` and
 *   `parameters`; Jimeng: `images` as `binary_data_base64`, `duration` as `frames`, `metadata`
 *   over the body) and refused as the vendor would (`{code, message, data: null}`, 400);
 *   `GET /v1/videos/{task_id}` → `ConvertToOpenAIVideo` (`status`, `progress`, `metadata.url`,
 *   `error`); `GET /v1/videos/{task_id}/content` the file (Veo's has no url).
 * Jobs move with time; `scenario` makes the next jobs fail, get filtered, hand out an expired
 * first link, call back, or be refused at submit (`refuse`: filter, invalid, quota).
 */
export type EngineProtocol = 'seedance' | 'veo' | 'hailuo' | 'wan' | 'vidu' | 'jimeng';

export interface EngineScenario {
  fail?: boolean;
  filter?: boolean;
  steps?: number;
  expireFirstLink?: boolean;
  callback?: boolean;
  /** The next submit is refused as the upstream does: its content filter, a bad parameter, no quota. */
  refuse?: 'filter' | 'invalid' | 'quota';
}

interface Job {
  id: string;
  protocol: EngineProtocol;
  created: number;
  scenario: EngineScenario;
  body: Record<string, unknown>;
  model: string;
  linksHanded: number;
  callbackUrl?: string;
  callbackDeliveries: number[];
  /** Submitted through New API's `/v1/video/generations`: its public id, read back as OpenAI's video. */
  publicId?: string;
}

export interface FakeVideoEngines extends FakeServer {
  scenario: EngineScenario;
  /** Jimeng's key as operators enter it: `AK|SK` (the fake knows this pair only). */
  volcKey: string;
  jobs: Map<string, Job>;
  apiKey: string;
  clipSeconds: number;
  downloads: Map<string, number>;
}

const KEY = 'engine-fake-key';
const VOLC_AK = 'AKLTZmFrZS1qaW1lbmc';
const VOLC_SK = 'WmpKbU1XWmhhMlV0YW1sdFpXNW5MWE5sWTNKbGRBPT0=';

/** The `req_key`s of Jimeng video and what each takes (volcengine.com/docs/85621). */
const JIMENG_KEYS: Record<string, { images: number[] }> = {
  jimeng_vgfm_t2v_l20: { images: [0] },
  jimeng_vgfm_i2v_l20: { images: [1] },
  jimeng_t2v_v30: { images: [0] },
  jimeng_t2v_v30_1080p: { images: [0] },
  jimeng_i2v_first_v30: { images: [1] },
  jimeng_i2v_first_v30_1080: { images: [1] },
  jimeng_i2v_first_tail_v30: { images: [2] },
  jimeng_i2v_first_tail_v30_1080: { images: [2] },
  jimeng_ti2v_v30_pro: { images: [0, 1] },
};

/** Why Jimeng refuses the body (50215), or null. */
export function jimengInvalid(b: Record<string, unknown>): string | null {
  const key = JIMENG_KEYS[String(b.req_key)];
  if (!key) return `unknown req_key ${String(b.req_key)}`;
  const images = ((b.binary_data_base64 as unknown[]) ?? (b.image_urls as unknown[]) ?? []).length;
  if (!key.images.includes(images))
    return `${String(b.req_key)} takes ${key.images.join(' or ')} image(s)`;
  if (b.frames !== undefined && ![121, 241].includes(Number(b.frames))) return 'frames';
  if (
    b.aspect_ratio !== undefined &&
    !['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'].includes(String(b.aspect_ratio))
  )
    return 'aspect_ratio';
  if (typeof b.prompt !== 'string' && images === 0) return 'prompt';
  return null;
}

/** Hailuo's models.go: durations and resolutions per model. */
const HAILUO: Record<string, { durations: number[]; resolutions: string[] }> = {
  'MiniMax-Hailuo-02': { durations: [6, 10], resolutions: ['512P', '768P', '1080P'] },
  'MiniMax-Hailuo-2.3': { durations: [6, 10], resolutions: ['768P', '1080P'] },
  'T2V-01': { durations: [6], resolutions: ['720P'] },
  'I2V-01': { durations: [6], resolutions: ['720P', '1080P'] },
};
const WAN_SIZES = new Set([
  '832*480',
  '480*832',
  '624*624',
  '1280*720',
  '720*1280',
  '960*960',
  '1088*832',
  '832*1088',
  '1920*1080',
  '1080*1920',
  '1440*1440',
  '1632*1248',
  '1248*1632',
]);

/** Why Ark refuses the body (InvalidParameter), or null. */
function seedanceInvalid(b: Record<string, unknown>): string | null {
  const content = (b.content ?? []) as Array<{
    type?: string;
    role?: string;
    image_url?: { url?: string };
  }>;
  const model = String(b.model ?? '');
  const images = content.filter((c) => c.type === 'image_url');
  if (!content.some((c) => c.type === 'text') && !images.length) return 'content';
  if (/t2v/.test(model) && images.length) return 'content: the model takes no image';
  if (/i2v/.test(model) && !images.length) return 'content: the model needs an image';
  if (images.some((c) => c.role === 'last_frame') && !images.some((c) => c.role === 'first_frame'))
    return 'content: a last_frame needs a first_frame';
  const d = b.duration;
  if (d !== undefined && (typeof d !== 'number' || d < 2 || d > 12)) return 'duration';
  if (b.resolution !== undefined && !['480p', '720p', '1080p'].includes(String(b.resolution)))
    return 'resolution';
  if (
    b.ratio !== undefined &&
    !['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'].includes(String(b.ratio))
  )
    return 'ratio';
  for (const k of ['watermark', 'camera_fixed', 'generate_audio'])
    if (b[k] !== undefined && typeof b[k] !== 'boolean') return k;
  return null;
}

function veoInvalid(
  model: string,
  b: { instances?: Array<Record<string, unknown>>; parameters?: Record<string, unknown> },
): string | null {
  const i = b.instances?.[0];
  const p = b.parameters ?? {};
  if (!i || typeof i.prompt !== 'string') return 'instances[0].prompt is required';
  if (p.aspectRatio !== undefined && !['16:9', '9:16'].includes(String(p.aspectRatio)))
    return `aspectRatio ${String(p.aspectRatio)} is not supported`;
  const allowed = /veo-3\.1/.test(model) ? [4, 6, 8] : /veo-3/.test(model) ? [8] : [5, 6, 7, 8];
  if (p.durationSeconds !== undefined && !allowed.includes(Number(p.durationSeconds)))
    return `durationSeconds must be one of ${allowed.join(', ')}`;
  if (
    p.resolution !== undefined &&
    (!/veo-3/.test(model) || !['720p', '1080p'].includes(String(p.resolution)))
  )
    return 'resolution is not supported';
  if (i.lastFrame && !/veo-3\.1/.test(model)) return 'lastFrame is not supported by this model';
  return null;
}

function hailuoInvalid(b: Record<string, unknown>): string | null {
  const m = HAILUO[String(b.model)];
  if (!m) return `invalid model ${String(b.model)}`;
  if (/^I2V/.test(String(b.model)) && !b.first_frame_image) return 'first_frame_image is required';
  if (/^T2V/.test(String(b.model)) && b.first_frame_image)
    return 'first_frame_image is not supported';
  if (b.duration !== undefined && !m.durations.includes(Number(b.duration)))
    return 'invalid duration';
  if (b.resolution !== undefined && !m.resolutions.includes(String(b.resolution)))
    return 'invalid resolution';
  if (b.resolution === '1080P' && Number(b.duration) === 10) return '1080P supports 6s only';
  return null;
}

function viduInvalid(path: string, b: Record<string, unknown>): string | null {
  const images = (b.images as unknown[] | undefined) ?? [];
  const model = String(b.model ?? '');
  if (path === '/ent/v2/reference2video') {
    const most = /viduq1/.test(model) ? 7 : 3;
    if (images.length < 1 || images.length > most) return `images must hold 1 to ${most} pictures`;
    if (typeof b.prompt !== 'string' || !b.prompt) return 'prompt is required';
  }
  const want = {
    '/ent/v2/text2video': 0,
    '/ent/v2/img2video': 1,
    '/ent/v2/start-end2video': 2,
    '/ent/v2/reference2video': images.length,
  }[path];
  if (want === undefined) return 'unknown path';
  if (images.length !== want) return `images must hold ${want} picture(s)`;
  if (want === 0 && /vidu2\.0/.test(model)) return `${model} does not support text2video`;
  const durations = /viduq/.test(model) ? [5] : [4, 8];
  if (b.duration !== undefined && !durations.includes(Number(b.duration)))
    return `duration must be one of ${durations.join(', ')}`;
  if (b.resolution !== undefined && !['360p', '720p', '1080p'].includes(String(b.resolution)))
    return 'resolution is invalid';
  return null;
}

function wanInvalid(b: {
  model?: string;
  input?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
}): string | null {
  const model = String(b.model ?? '');
  const input = b.input ?? {};
  const p = b.parameters ?? {};
  if (model.includes('kf2v')) {
    if (!input.first_frame_url || !input.last_frame_url)
      return 'input.first_frame_url and input.last_frame_url are required';
  } else if (model.includes('i2v')) {
    if (!input.img_url) return 'input.img_url is required';
  } else if (input.img_url || input.first_frame_url)
    return 'the text-to-video model takes no image';
  else if (p.size !== undefined && !WAN_SIZES.has(String(p.size)))
    return `parameters.size ${String(p.size)} is invalid`;
  if (p.resolution !== undefined && !['480P', '720P', '1080P'].includes(String(p.resolution)))
    return 'parameters.resolution is invalid';
  if (p.audio !== undefined && !/wan2\.5/.test(model))
    return 'parameters.audio is not supported by this model';
  return null;
}

export async function startFakeVideoEngines(
  opts: { stepMs?: number; clipSeconds?: number; port?: number } = {},
) {
  const stepMs = opts.stepMs ?? 50;
  const clipSeconds = opts.clipSeconds ?? 2;
  const clip = testClip(clipSeconds);
  const jobs = new Map<string, Job>();
  const downloads = new Map<string, number>();

  const phase = (j: Job) => {
    const steps = j.scenario.steps ?? 2;
    const i = Math.floor((Date.now() - j.created) / stepMs);
    if (i >= steps) return j.scenario.fail || j.scenario.filter ? 'failed' : 'done';
    return i === 0 ? 'queued' : 'running';
  };
  const link = (j: Job) => {
    j.linksHanded++;
    return `${self.url}/files/${j.id}.mp4?sig=${j.linksHanded}`;
  };

  const seedanceView = (j: Job) => {
    const s = phase(j);
    return {
      id: j.id,
      model: j.model,
      status: { queued: 'queued', running: 'running', done: 'succeeded', failed: 'failed' }[s],
      ...(s === 'done' ? { content: { video_url: link(j) } } : {}),
      ...(s === 'failed'
        ? {
            error: j.scenario.filter
              ? {
                  code: 'OutputVideoSensitiveContentDetected',
                  message:
                    'The request failed because the output video may contain sensitive information.',
                }
              : {
                  code: 'InternalServiceError',
                  message: 'The service encountered an unexpected internal error.',
                },
          }
        : {}),
      ...(s === 'done' ? { usage: { completion_tokens: 108900, total_tokens: 108900 } } : {}),
      seed: 1,
      resolution: j.body.resolution ?? '720p',
      ratio: j.body.ratio ?? '16:9',
      duration: clipSeconds,
      framespersecond: 24,
      created_at: Math.floor(j.created / 1000),
      updated_at: Math.floor(Date.now() / 1000),
    };
  };
  const veoView = (j: Job) => {
    const s = phase(j);
    const done = s === 'done' || s === 'failed';
    return {
      name: j.id,
      ...(done ? { done: true } : {}),
      ...(s === 'failed' && j.scenario.fail
        ? { error: { code: 13, message: 'Internal error while generating the video.' } }
        : {}),
      ...(s === 'done' || (s === 'failed' && j.scenario.filter)
        ? {
            response: {
              '@type':
                'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
              generateVideoResponse:
                s === 'done'
                  ? { generatedSamples: [{ video: { uri: veoUri(j) } }] }
                  : {
                      raiMediaFilteredCount: 1,
                      raiMediaFilteredReasons: [
                        'We encountered an issue with the audio for your prompt. You have not been charged.',
                      ],
                    },
            },
          }
        : {}),
    };
  };
  const veoUri = (j: Job) => {
    j.linksHanded++;
    return `${self.url}/v1beta/files/${j.id.split('/').pop()}:download?alt=media&sig=${j.linksHanded}`;
  };
  const hailuoView = (j: Job) => {
    const s = phase(j);
    return {
      task_id: j.id,
      status: { queued: 'Queueing', running: 'Processing', done: 'Success', failed: 'Fail' }[s],
      ...(s === 'done'
        ? { file_id: `file-${j.id}`, video_width: 320, video_height: 240 }
        : { file_id: '' }),
      base_resp:
        s === 'failed'
          ? j.scenario.filter
            ? { status_code: 1027, status_msg: 'output new_sensitive' }
            : { status_code: 1000, status_msg: 'unknown error' }
          : { status_code: 0, status_msg: 'success' },
    };
  };
  const wanView = (j: Job) => {
    const s = phase(j);
    return {
      request_id: randomBytes(8).toString('hex'),
      output: {
        task_id: j.id,
        task_status: { queued: 'PENDING', running: 'RUNNING', done: 'SUCCEEDED', failed: 'FAILED' }[
          s
        ],
        submit_time: new Date(j.created).toISOString(),
        ...(s === 'done'
          ? { video_url: link(j), orig_prompt: (j.body.input as { prompt?: string })?.prompt ?? '' }
          : {}),
        ...(s === 'failed'
          ? j.scenario.filter
            ? {
                code: 'DataInspectionFailed',
                message: 'Output data may contain inappropriate content.',
              }
            : {
                code: 'InternalError',
                message: 'An internal error has occured, please try again later.',
              }
          : {}),
      },
      ...(s === 'done' ? { usage: { video_duration: clipSeconds, video_count: 1 } } : {}),
    };
  };

  const viduView = (j: Job) => {
    const s = phase(j);
    return {
      id: j.id,
      state: { queued: 'queueing', running: 'processing', done: 'success', failed: 'failed' }[s],
      err_code:
        s === 'failed' ? (j.scenario.filter ? 'AuditFailed' : 'InternalServiceFailure') : '',
      credits: s === 'done' ? 4 : 0,
      payload: '',
      creations:
        s === 'done' ? [{ id: `c${j.id}`, url: link(j), cover_url: `${self.url}/cover.jpg` }] : [],
    };
  };

  const jimengAnswer = (code: number, message: string, data: unknown, status = 200) =>
    json(status, {
      code,
      data,
      message,
      request_id: randomBytes(17).toString('hex').toUpperCase(),
      status: code,
      time_elapsed: '36.799829ms',
    });
  const jimengView = (j: Job): FakeResponse => {
    const s = phase(j);
    if (s === 'failed')
      return j.scenario.filter
        ? jimengAnswer(50516, 'Post Video Risk Not Pass', null, 400)
        : jimengAnswer(50501, 'Internal RPC Error', null, 500);
    return jimengAnswer(10000, 'Success', {
      status: { queued: 'in_queue', running: 'generating', done: 'done' }[s],
      ...(s === 'done' ? { video_url: link(j), aigc_meta_tagged: true } : {}),
    });
  };

  const create = (
    protocol: EngineProtocol,
    body: Record<string, unknown>,
    model: string,
    callbackUrl?: string,
  ) => {
    const hex = randomBytes(6).toString('hex');
    const id =
      protocol === 'vidu' || protocol === 'jimeng'
        ? String(parseInt(hex, 16))
        : protocol === 'veo'
          ? `models/${model}/operations/${hex}`
          : protocol === 'seedance'
            ? `cgt-2026${hex}`
            : protocol === 'hailuo'
              ? `1${parseInt(hex, 16)}`
              : `${crypto.randomUUID()}`;
    const job: Job = {
      id,
      protocol,
      created: Date.now(),
      scenario: { ...self.scenario },
      body,
      model,
      linksHanded: 0,
      callbackDeliveries: [],
      ...(callbackUrl ? { callbackUrl } : {}),
    };
    jobs.set(id, job);
    if (callbackUrl && job.scenario.callback)
      setTimeout(
        () => {
          void fetch(callbackUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(seedanceView(job)),
          }).then(
            (r) => job.callbackDeliveries.push(r.status),
            () => job.callbackDeliveries.push(0),
          );
        },
        stepMs * (job.scenario.steps ?? 2) + 5,
      );
    return job;
  };
  /** Takes the scenario's one-shot refusal. */
  const refusal = () => {
    const r = self.scenario.refuse;
    if (r) self.scenario = { ...self.scenario, refuse: undefined };
    return r;
  };
  const file = (j: Job, sig: string | null): FakeResponse => {
    if (j.scenario.expireFirstLink && sig === '1')
      return {
        status: 403,
        headers: { 'content-type': 'application/xml' },
        body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      };
    downloads.set(j.id, (downloads.get(j.id) ?? 0) + 1);
    return { status: 200, headers: { 'content-type': 'video/mp4' }, body: clip };
  };
  const bearerOk = (req: FakeRequest) => req.headers.authorization === `Bearer ${KEY}`;
  const parse = (req: FakeRequest): Record<string, unknown> => {
    try {
      return JSON.parse(req.body || '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  /** New API's unified task endpoint: the vendor's body built as its adaptor does. */
  const relaySubmit = (req: FakeRequest): FakeResponse => {
    if (!bearerOk(req))
      return json(401, { error: { message: '无效的令牌', type: 'new_api_error' } });
    const r = parse(req) as {
      model?: string;
      prompt?: string;
      duration?: number;
      metadata?: Record<string, unknown>;
    };
    const model = String(r.model ?? '');
    const meta = r.metadata ?? {};
    let protocol: EngineProtocol;
    let body: Record<string, unknown>;
    let bad: string | null;
    if (/seedance/.test(model)) {
      protocol = 'seedance';
      const images = ((meta.content as unknown[]) ?? []) as Array<{ type?: string }>;
      body = {
        model,
        ...meta,
        duration: r.duration,
        content: [...images.filter((c) => c.type !== 'text'), { type: 'text', text: r.prompt }],
      };
      bad = seedanceInvalid(body);
    } else if (/^veo-/.test(model)) {
      protocol = 'veo';
      const image = ((r as { images?: string[] }).images ?? [])[0];
      const m64 = image ? /^data:([^;]+);base64,(.*)$/.exec(image) : null;
      body = {
        instances: [
          {
            prompt: r.prompt,
            ...(m64 ? { image: { bytesBase64Encoded: m64[2], mimeType: m64[1] } } : {}),
          },
        ],
        parameters: meta,
      };
      bad = veoInvalid(model, body as Parameters<typeof veoInvalid>[1]);
    } else if (/^(MiniMax-|[ITS]2V-01)/.test(model)) {
      protocol = 'hailuo';
      body = { model, prompt: r.prompt, duration: r.duration ?? 6, ...meta };
      bad = hailuoInvalid(body);
    } else if (/^wan2/.test(model)) {
      protocol = 'wan';
      const input = { prompt: r.prompt, ...((meta.input as object) ?? {}) };
      const parameters = {
        prompt_extend: true,
        watermark: false,
        resolution: '720P',
        duration: r.duration ?? 5,
        ...((meta.parameters as object) ?? {}),
      };
      body = { model, input, parameters };
      bad = wanInvalid(body as Parameters<typeof wanInvalid>[0]);
    } else if (/^vidu/.test(model)) {
      protocol = 'vidu';
      const images = (r as { images?: string[] }).images ?? [];
      body = {
        model,
        images,
        prompt: r.prompt,
        duration: r.duration ?? 5,
        resolution: '1080p',
        movement_amplitude: 'auto',
        bgm: false,
        ...meta,
      };
      const path =
        images.length === 2
          ? '/ent/v2/start-end2video'
          : images.length
            ? '/ent/v2/img2video'
            : '/ent/v2/text2video';
      bad = viduInvalid(path, body);
    } else if (/^jimeng_/.test(model)) {
      protocol = 'jimeng';
      const images = (r as { images?: string[] }).images ?? [];
      // New API's resolveJimengReqKey and convertToRequestPayload.
      const reqKey = !model.includes('jimeng_v30')
        ? model
        : model === 'jimeng_v30_pro'
          ? 'jimeng_ti2v_v30_pro'
          : images.length > 1
            ? model.replace('jimeng_v30', 'jimeng_i2v_first_tail_v30').replace(/p$/, '')
            : images.length
              ? model.replace('jimeng_v30', 'jimeng_i2v_first_v30').replace(/p$/, '')
              : model.replace('jimeng_v30', 'jimeng_t2v_v30');
      body = {
        req_key: reqKey,
        prompt: r.prompt,
        seed: 0,
        aspect_ratio: '',
        frames: r.duration === 10 ? 241 : 121,
        ...(images.length ? { binary_data_base64: images } : {}),
        ...meta,
      };
      bad = jimengInvalid(body);
    } else
      return json(503, {
        error: {
          message: `当前分组 default 下对于模型 ${model} 无可用渠道`,
          type: 'new_api_error',
        },
      });
    const refused = refusal();
    if (refused === 'filter')
      return json(400, {
        code: 'InputTextSensitiveContentDetected',
        message: 'The request failed because the input text may contain sensitive information.',
        data: null,
      });
    if (refused === 'quota')
      return json(429, {
        code: 'QuotaExceeded',
        message: 'The request has exceeded the quota.',
        data: null,
      });
    if (refused === 'invalid') bad = 'duration';
    if (bad) return json(400, { code: 'InvalidParameter', message: bad, data: null });
    const job = create(protocol, body, model);
    job.publicId = `task_${randomBytes(12).toString('hex')}`;
    return json(200, {
      id: job.publicId,
      task_id: job.publicId,
      object: 'video',
      model,
      status: '',
      progress: 0,
      created_at: Math.floor(job.created / 1000),
    });
  };
  const relayView = (j: Job) => {
    const s = phase(j);
    return {
      id: j.publicId,
      task_id: j.publicId,
      object: 'video',
      model: j.model,
      status: { queued: 'queued', running: 'in_progress', done: 'completed', failed: 'failed' }[s],
      progress: s === 'done' ? 100 : s === 'running' ? 50 : 10,
      created_at: Math.floor(j.created / 1000),
      completed_at: s === 'done' || s === 'failed' ? Math.floor(Date.now() / 1000) : 0,
      ...(s === 'done' && j.protocol !== 'veo' ? { metadata: { url: link(j) } } : {}),
      ...(s === 'failed'
        ? {
            error: {
              message: j.scenario.filter
                ? 'output video may contain sensitive information'
                : 'task failed',
              code: j.scenario.filter ? 'OutputVideoSensitiveContentDetected' : 'task_failed',
            },
          }
        : {}),
    };
  };

  const server = await startFakeServer(async (req) => {
    const p = req.path;
    let m: RegExpExecArray | null;
    if (p === '/v1/video/generations' && req.method === 'POST') return relaySubmit(req);
    if ((m = /^\/v1\/videos\/(task_\w+)(\/content)?$/.exec(p))) {
      if (!bearerOk(req))
        return json(401, { error: { message: '无效的令牌', type: 'new_api_error' } });
      const job = [...jobs.values()].find((j) => j.publicId === m![1]);
      if (!job) return json(400, { code: 'task_not_exist', message: 'task_not_exist', data: null });
      if (!m[2]) return json(200, relayView(job));
      return phase(job) === 'done'
        ? file(job, null)
        : json(400, { error: { message: 'Video is not ready' } });
    }
    if ((m = /^\/files\/([\w-]+)\.mp4$/.exec(p))) {
      const job = [...jobs.values()].find((j) => j.id === m![1]);
      return job ? file(job, req.query.get('sig')) : json(404, { error: 'no such file' });
    }
    // Seedance (Ark)
    if (p.startsWith('/api/v3/contents/generations/tasks')) {
      if (!bearerOk(req))
        return json(401, {
          error: {
            code: 'AuthenticationError',
            message: 'The API key in the request is missing or invalid.',
            type: 'Unauthorized',
          },
        });
      if (req.method === 'GET' && p === '/api/v3/contents/generations/tasks')
        return json(200, { items: [], total: jobs.size });
      if (req.method === 'POST') {
        const body = parse(req);
        const r = refusal();
        if (r === 'filter')
          return json(400, {
            error: {
              code: 'InputTextSensitiveContentDetected',
              message:
                'The request failed because the input text may contain sensitive information.',
              param: '',
              type: 'BadRequest',
            },
          });
        if (r === 'quota')
          return json(429, {
            error: {
              code: 'QuotaExceeded',
              message: 'The request has exceeded the quota.',
              param: '',
              type: 'TooManyRequests',
            },
          });
        const bad = r === 'invalid' ? 'duration' : seedanceInvalid(body);
        if (bad)
          return json(400, {
            error: {
              code: 'InvalidParameter',
              message: `The parameter \`${bad.split(':')[0]}\` specified in the request is not valid: ${bad}`,
              param: bad.split(':')[0],
              type: 'BadRequest',
            },
          });
        const job = create(
          'seedance',
          body,
          String(body.model),
          body.callback_url as string | undefined,
        );
        return json(200, { id: job.id });
      }
      const job = jobs.get(decodeURIComponent(p.split('/').pop()!));
      return job
        ? json(200, seedanceView(job))
        : json(404, {
            error: { code: 'ResourceNotFound', message: 'The specified task is not found.' },
          });
    }
    // Veo (Gemini API)
    if (p.startsWith('/v1beta/')) {
      if (req.headers['x-goog-api-key'] !== KEY)
        return json(400, {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
          },
        });
      if (p === '/v1beta/models')
        return json(200, {
          models: [
            { name: 'models/veo-3.0-generate-001' },
            { name: 'models/veo-3.1-generate-preview' },
          ],
        });
      if (
        (m = /^\/v1beta\/models\/([\w.-]+):predictLongRunning$/.exec(p)) &&
        req.method === 'POST'
      ) {
        const body = parse(req);
        const r = refusal();
        if (r === 'filter')
          return json(400, {
            error: {
              code: 400,
              message:
                "The prompt couldn't be submitted: it violates Google's Responsible AI practices.",
              status: 'INVALID_ARGUMENT',
            },
          });
        if (r === 'quota')
          return json(429, {
            error: {
              code: 429,
              message:
                'You exceeded your current quota, please check your plan and billing details.',
              status: 'RESOURCE_EXHAUSTED',
            },
          });
        const bad =
          r === 'invalid'
            ? 'durationSeconds must be one of 8'
            : veoInvalid(m[1]!, body as Parameters<typeof veoInvalid>[1]);
        if (bad)
          return json(400, { error: { code: 400, message: bad, status: 'INVALID_ARGUMENT' } });
        return json(200, { name: create('veo', body, m[1]!).id });
      }
      if ((m = /^\/v1beta\/files\/([\w-]+):download$/.exec(p))) {
        const job = [...jobs.values()].find((j) => j.id.endsWith(`/${m![1]}`));
        return job
          ? file(job, req.query.get('sig'))
          : json(404, { error: { code: 404, message: 'File not found', status: 'NOT_FOUND' } });
      }
      const job = jobs.get(p.slice('/v1beta/'.length));
      return job
        ? json(200, veoView(job))
        : json(404, { error: { code: 404, message: 'Operation not found', status: 'NOT_FOUND' } });
    }
    // Hailuo (MiniMax): refusals are HTTP 200 with base_resp
    if (
      p === '/v1/video_generation' ||
      p === '/v1/query/video_generation' ||
      p === '/v1/files/retrieve'
    ) {
      if (!bearerOk(req))
        return json(200, {
          base_resp: {
            status_code: 1004,
            status_msg: 'login fail: Please carry the API secret key in the Authorization field',
          },
        });
      if (p === '/v1/video_generation') {
        const body = parse(req);
        const r = refusal();
        if (r === 'filter')
          return json(200, {
            task_id: '',
            base_resp: { status_code: 1026, status_msg: 'input new_sensitive' },
          });
        if (r === 'quota')
          return json(200, {
            task_id: '',
            base_resp: { status_code: 1008, status_msg: 'insufficient balance' },
          });
        const bad = r === 'invalid' ? 'invalid params' : hailuoInvalid(body);
        if (bad)
          return json(200, {
            task_id: '',
            base_resp: { status_code: 2013, status_msg: `invalid params, ${bad}` },
          });
        return json(200, {
          task_id: create('hailuo', body, String(body.model)).id,
          base_resp: { status_code: 0, status_msg: 'success' },
        });
      }
      if (p === '/v1/query/video_generation') {
        const job = jobs.get(req.query.get('task_id') ?? '');
        return job
          ? json(200, hailuoView(job))
          : json(200, {
              task_id: '',
              status: '',
              base_resp: { status_code: 2013, status_msg: 'invalid params, task not found' },
            });
      }
      const job = [...jobs.values()].find((j) => `file-${j.id}` === req.query.get('file_id'));
      if (!job || phase(job) !== 'done')
        return json(200, {
          base_resp: { status_code: 2013, status_msg: 'invalid params, file not found' },
        });
      return json(200, {
        file: {
          file_id: Number(job.id),
          bytes: clip.length,
          created_at: Math.floor(Date.now() / 1000),
          filename: 'output.mp4',
          purpose: 'video_generation',
          download_url: link(job),
        },
        base_resp: { status_code: 0, status_msg: 'success' },
      });
    }
    // Vidu
    if (p.startsWith('/ent/v2/')) {
      if (req.headers.authorization !== `Token ${KEY}`)
        return json(401, {
          code: 401,
          reason: 'Unauthorized',
          message: 'invalid api key',
          metadata: {},
        });
      if ((m = /^\/ent\/v2\/tasks\/(\w+)\/creations$/.exec(p))) {
        const job = jobs.get(m[1]!);
        return job
          ? json(200, viduView(job))
          : json(404, { code: 404, reason: 'NotFound', message: 'task not found', metadata: {} });
      }
      if (req.method !== 'POST')
        return json(404, { code: 404, reason: 'NotFound', message: 'not found', metadata: {} });
      const body = parse(req);
      const r = refusal();
      if (r === 'filter')
        return json(400, {
          code: 400,
          reason: 'AuditSubmitIllegal',
          message: 'the prompt or the images did not pass the audit',
          metadata: {},
        });
      if (r === 'quota')
        return json(403, {
          code: 403,
          reason: 'CreditInsufficient',
          message: 'credit insufficient',
          metadata: {},
        });
      const bad = r === 'invalid' ? 'duration must be one of 4, 8' : viduInvalid(p, body);
      if (bad) return json(400, { code: 400, reason: 'BadRequest', message: bad, metadata: {} });
      const job = create('vidu', body, String(body.model));
      return json(200, {
        task_id: job.id,
        state: 'created',
        model: body.model,
        prompt: body.prompt,
        images: body.images ?? [],
        duration: body.duration,
        seed: body.seed ?? 0,
        resolution: body.resolution,
        movement_amplitude: body.movement_amplitude,
        created_at: new Date(job.created).toISOString(),
      });
    }
    // Jimeng (Volcengine visual API): the gateway checks the signature first.
    if (p === '/' && req.query.get('Version') === '2022-08-31') {
      const action = req.query.get('Action');
      if (action !== 'CVSync2AsyncSubmitTask' && action !== 'CVSync2AsyncGetResult')
        return gatewayError(
          404,
          req,
          'InvalidActionOrVersion',
          null,
          `Could not find operation ${action ?? ''} for version 2022-08-31`,
        );
      const refused = verifyVolcSignature(req, { [VOLC_AK]: VOLC_SK });
      if (refused) return refused;
      const body = parse(req);
      if (action === 'CVSync2AsyncGetResult') {
        const job = jobs.get(String(body.task_id));
        if (!job || job.body.req_key !== body.req_key)
          return jimengAnswer(10000, 'Success', { status: 'not_found' });
        return jimengView(job);
      }
      const r = refusal();
      if (r === 'filter') return jimengAnswer(50412, 'Text Risk Not Pass', null, 400);
      if (r === 'quota')
        return gatewayError(
          403,
          req,
          'AccessDenied',
          null,
          'User is not authorized to perform this action, or the service is not activated.',
        );
      const bad = r === 'invalid' ? 'frames' : jimengInvalid(body);
      if (bad)
        return jimengAnswer(50215, 'Input invalid for this service.', { resp_data: '' }, 400);
      const job = create('jimeng', body, String(body.req_key));
      return jimengAnswer(10000, 'Success', { task_id: job.id });
    }
    // Wan (DashScope)
    if (
      p === '/api/v1/services/aigc/video-generation/video-synthesis' ||
      p.startsWith('/api/v1/tasks')
    ) {
      const rid = randomBytes(8).toString('hex');
      if (!bearerOk(req))
        return json(401, {
          code: 'InvalidApiKey',
          message: 'Invalid API-key provided.',
          request_id: rid,
        });
      if (req.method === 'POST') {
        if (req.headers['x-dashscope-async'] !== 'enable')
          return json(403, {
            code: 'AccessDenied',
            message: 'current user api does not support synchronous calls',
            request_id: rid,
          });
        const body = parse(req);
        const r = refusal();
        if (r === 'filter')
          return json(400, {
            code: 'DataInspectionFailed',
            message: 'Input data may contain inappropriate content.',
            request_id: rid,
          });
        if (r === 'quota')
          return json(400, {
            code: 'Arrearage',
            message: 'Access denied, please make sure your account is in good standing.',
            request_id: rid,
          });
        const bad =
          r === 'invalid'
            ? 'parameters.duration is invalid'
            : wanInvalid(body as Parameters<typeof wanInvalid>[0]);
        if (bad) return json(400, { code: 'InvalidParameter', message: bad, request_id: rid });
        const job = create('wan', body, String(body.model));
        return json(200, { output: { task_status: 'PENDING', task_id: job.id }, request_id: rid });
      }
      if (p === '/api/v1/tasks' || p === '/api/v1/tasks/')
        return json(200, { request_id: rid, total: jobs.size, data: [] });
      const job = jobs.get(p.split('/').pop()!);
      return job
        ? json(200, wanView(job))
        : json(200, {
            request_id: rid,
            output: { task_id: p.split('/').pop(), task_status: 'UNKNOWN' },
          });
    }
    return json(404, { error: `no route ${req.method} ${p}` });
  }, opts.port ?? 0);
  const self: FakeVideoEngines = Object.assign(server, {
    scenario: {} as EngineScenario,
    jobs,
    apiKey: KEY,
    volcKey: `${VOLC_AK}|${VOLC_SK}`,
    clipSeconds,
    downloads,
  });
  return self;
}
