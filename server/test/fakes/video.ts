import { createHmac, randomBytes } from 'node:crypto';
import { json, startFakeServer, type FakeRequest, type FakeServer } from './http.js';
import { testClip } from './video-clip.js';
import { klingRefusal, newApiVideo } from './video-kling.js';
import { lumaRefusal, lumaRelayUnauthorized } from './video-luma.js';
import { readOpenAiCreate } from './video-openai.js';
import { pikaVideo, readPikaGenerate } from './video-pika.js';
import { runwayRefusal, type RunwayBody } from './video-runway.js';

/**
 * One fake that speaks every video upstream we support, each on its own paths, the way the
 * real ones answer and refuse. Sources, one per protocol:
 * - Runway: runwayml/sdk-node `src/resources/image-to-video.ts`, `tasks.ts` (refusals in
 *   video-runway.ts);
 * - Luma: lumalabs/lumaai-node `src/resources/generations/generations.ts`, `video.ts`,
 *   `credits.ts`; the relayed `/luma/generations` format: LumaAI-API/Luma-API `router.go`,
 *   `models.go` (both in video-luma.ts, with their refusals);
 * - Kling: its API reference (text2video, image2video; JWT HS256 of access:secret) and New
 *   API's `/kling/v1` route (video-kling.ts);
 * - Pika: ComfyUI `comfy_api_nodes/nodes_pika.py`, `apis/pika_api.py` (video-pika.ts);
 * - OpenAI `/v1/videos`: openai/openai-node `src/resources/videos.ts` (video-openai.ts).
 * Jobs move through the protocol's states with time; `scenario` makes the next jobs fail,
 * get filtered, run slowly, hand out an expired first link, or (Luma/Kling) call back.
 */
export type VideoProtocol = 'runway' | 'luma' | 'luma-relay' | 'kling' | 'pika' | 'openai-video';

export interface Scenario {
  fail?: boolean;
  filter?: boolean;
  /** Steps before done (default 2); each lasts `stepMs`. */
  steps?: number;
  /** The first result link handed out answers 403 (it "expired"). */
  expireFirstLink?: boolean;
  /** Send the final state to the job's callback_url (when it has one). */
  callback?: boolean;
  /** The job runs until `finish(id)` (an upstream slower than any timeout of ours). */
  manual?: boolean;
  /** Each result download takes this long (counted in `downloads` when it starts). */
  slowDownloadMs?: number;
}

interface Job {
  id: string;
  protocol: VideoProtocol;
  created: number;
  scenario: Scenario;
  body: unknown;
  callbackUrl?: string;
  linksHanded: number;
  callbackDeliveries: number[];
  /** What our callback route answered, in order. */
  callbackAnswers: unknown[];
  /** A manual job: when `finish` ended it. */
  finishedAt?: number;
  /** Submitted through New API's Kling route (read back as an OpenAI video object). */
  newApi?: boolean;
}

export interface FakeVideoUpstream extends FakeServer {
  scenario: Scenario;
  jobs: Map<string, Job>;
  apiKey: string;
  klingKey: string;
  clipSeconds: number;
  /** Result downloads, counted by job id. */
  downloads: Map<string, number>;
  /** Ends a manual job now (done, or failed with `fail`/`filter`), calling back if asked. */
  finish(id: string): void;
  /** A job as its protocol shows it now (the body of its callback). */
  view(id: string): unknown;
}

const KEY = 'sk-video-fake';
const ACCESS = 'ak-fake';
const SECRET = 'sk-kling-secret';

function klingAuthOk(req: FakeRequest): boolean {
  const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return false;
  const want = createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    iss?: string;
    exp?: number;
    nbf?: number;
  };
  const now = Date.now() / 1000;
  return (
    want === s && claims.iss === ACCESS && (claims.exp ?? 0) > now && (claims.nbf ?? now) <= now
  );
}

export async function startFakeVideoUpstream(opts: { stepMs?: number; clipSeconds?: number } = {}) {
  const stepMs = opts.stepMs ?? 50;
  const clipSeconds = opts.clipSeconds ?? 2;
  const clip = testClip(clipSeconds);
  const jobs = new Map<string, Job>();
  const downloads = new Map<string, number>();

  const phase = (j: Job) => {
    if (j.scenario.manual && !j.finishedAt) return 'running';
    if (j.scenario.manual) return j.scenario.fail || j.scenario.filter ? 'failed' : 'done';
    const steps = j.scenario.steps ?? 2;
    const i = Math.floor((Date.now() - j.created) / stepMs);
    if (i >= steps) return j.scenario.fail || j.scenario.filter ? 'failed' : 'done';
    return i === 0 ? 'queued' : 'running';
  };
  const progress = (j: Job) =>
    Math.min(0.99, (Date.now() - j.created) / (stepMs * (j.scenario.steps ?? 2)));
  const link = (j: Job) => {
    j.linksHanded++;
    return `${self.url}/files/${j.id}.mp4?sig=${j.linksHanded}`;
  };
  const why = (j: Job) =>
    j.scenario.filter ? 'content moderation: policy violation' : 'upstream render crashed';

  const views: Record<VideoProtocol, (j: Job) => unknown> = {
    runway: (j) => {
      const s = phase(j);
      return {
        id: j.id,
        status:
          s === 'queued'
            ? 'PENDING'
            : s === 'running'
              ? 'RUNNING'
              : s === 'done'
                ? 'SUCCEEDED'
                : 'FAILED',
        createdAt: new Date(j.created).toISOString(),
        ...(s === 'running' ? { progress: progress(j) } : {}),
        ...(s === 'done' ? { output: [link(j)] } : {}),
        ...(s === 'failed'
          ? { failure: why(j), failureCode: j.scenario.filter ? 'SAFETY.INPUT.TEXT' : 'INTERNAL' }
          : {}),
      };
    },
    luma: (j) => {
      const s = phase(j);
      return {
        id: j.id,
        state:
          s === 'queued'
            ? 'queued'
            : s === 'running'
              ? 'dreaming'
              : s === 'done'
                ? 'completed'
                : 'failed',
        generation_type: 'video',
        model: (j.body as { model?: string }).model,
        failure_reason: s === 'failed' ? why(j) : null,
        assets: s === 'done' ? { video: link(j), image: null, progress_video: null } : null,
        created_at: new Date(j.created).toISOString(),
        request: j.body,
      };
    },
    'luma-relay': (j) => {
      const s = phase(j);
      return {
        id: j.id,
        state:
          s === 'queued'
            ? 'pending'
            : s === 'running'
              ? 'processing'
              : s === 'done'
                ? 'completed'
                : 'failed',
        prompt: (j.body as { user_prompt?: string }).user_prompt ?? '',
        created_at: new Date(j.created).toISOString(),
        video: s === 'done' ? { url: link(j), thumbnail: null, width: 320, height: 240 } : null,
        liked: null,
        estimate_wait_seconds: s === 'queued' ? 30 : null,
        ...(s === 'failed' ? { failure_reason: why(j) } : {}),
      };
    },
    kling: (j) => {
      const s = phase(j);
      return {
        task_id: j.id,
        task_status:
          s === 'queued'
            ? 'submitted'
            : s === 'running'
              ? 'processing'
              : s === 'done'
                ? 'succeed'
                : 'failed',
        task_status_msg:
          s === 'failed' ? (j.scenario.filter ? 'risk control: sensitive content' : why(j)) : '',
        created_at: j.created,
        updated_at: Date.now(),
        task_result:
          s === 'done'
            ? { videos: [{ id: `v-${j.id}`, url: link(j), duration: String(clipSeconds) }] }
            : undefined,
      };
    },
    pika: (j) => {
      const s = phase(j);
      return pikaVideo(j.id, s, {
        progress: Math.round(progress(j) * 100),
        ...(s === 'done' ? { url: link(j) } : {}),
      });
    },
    'openai-video': (j) => {
      const s = phase(j);
      return {
        id: j.id,
        object: 'video',
        model: 'sora-2',
        status:
          s === 'queued'
            ? 'queued'
            : s === 'running'
              ? 'in_progress'
              : s === 'done'
                ? 'completed'
                : 'failed',
        progress: s === 'done' ? 100 : Math.round(progress(j) * 100),
        seconds: String(clipSeconds),
        size: '320x240',
        created_at: Math.floor(j.created / 1000),
        ...(s === 'failed'
          ? {
              error: {
                message: why(j),
                code: j.scenario.filter ? 'moderation_blocked' : 'internal_error',
              },
            }
          : {}),
      };
    },
  };

  const create = (
    protocol: VideoProtocol,
    req: FakeRequest,
    callbackUrl?: string,
    parsed?: unknown,
  ) => {
    const id =
      protocol === 'runway' || protocol === 'luma'
        ? crypto.randomUUID()
        : `${protocol}-${randomBytes(5).toString('hex')}`;
    const job: Job = {
      id,
      protocol,
      created: Date.now(),
      scenario: { ...self.scenario },
      body: parsed ?? JSON.parse(req.body || '{}'),
      ...(callbackUrl ? { callbackUrl } : {}),
      linksHanded: 0,
      callbackDeliveries: [],
      callbackAnswers: [],
    };
    jobs.set(id, job);
    if (callbackUrl && job.scenario.callback && !job.scenario.manual)
      setTimeout(() => callBack(job), stepMs * (job.scenario.steps ?? 2) + 5);
    return job;
  };

  // Like Luma and Kling: the final state is POSTed to the callback_url when the job ends.
  const callBack = (job: Job) => {
    if (!job.callbackUrl) return;
    void fetch(job.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(views[job.protocol](job)),
    }).then(
      async (r) => {
        job.callbackDeliveries.push(r.status);
        job.callbackAnswers.push(await r.json().catch(() => null));
      },
      () => job.callbackDeliveries.push(0),
    );
  };

  const bearerOk = (req: FakeRequest) => req.headers.authorization === `Bearer ${KEY}`;
  const unauthorized = json(401, { error: { message: 'Invalid API key' } });

  const server = await startFakeServer(async (req) => {
    const p = req.path;
    let m: RegExpExecArray | null;
    if ((m = /^\/files\/([\w-]+)\.mp4$/.exec(p))) {
      const job = jobs.get(m[1]!);
      if (!job) return json(404, { error: 'no such file' });
      if (job.scenario.expireFirstLink && req.query.get('sig') === '1')
        return {
          status: 403,
          headers: { 'content-type': 'application/xml' },
          body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
        };
      downloads.set(job.id, (downloads.get(job.id) ?? 0) + 1);
      const file = {
        status: 200,
        headers: { 'content-type': 'video/mp4' },
        body: clip as unknown as string,
      };
      const slow = job.scenario.slowDownloadMs;
      return slow ? new Promise((r) => setTimeout(() => r(file), slow)) : file;
    }
    // Kling
    if (p.startsWith('/v1/videos/text2video') || p.startsWith('/v1/videos/image2video')) {
      if (!klingAuthOk(req)) return json(401, { code: 1000, message: 'Authorization failed' });
      if (req.method === 'GET') {
        const id = p.split('/')[4];
        if (!id) return json(200, { code: 0, message: 'SUCCEED', data: [] });
        const job = jobs.get(id);
        return job
          ? json(200, { code: 0, message: 'SUCCEED', request_id: 'r', data: views.kling(job) })
          : json(404, { code: 1203, message: 'task not found' });
      }
      const body = JSON.parse(req.body) as { callback_url?: string; model_name?: string };
      const refused = klingRefusal(p.includes('image2video') ? 'image2video' : 'text2video', body);
      if (refused) return json(400, { code: 1201, message: refused, request_id: 'r' });
      const job = create('kling', req, body.callback_url);
      return json(200, {
        code: 0,
        message: 'SUCCEED',
        request_id: 'r',
        data: {
          task_id: job.id,
          task_status: 'submitted',
          created_at: job.created,
          updated_at: job.created,
        },
      });
    }
    // New API's Kling route: its own sk- token, answers in OpenAI's video shape
    if (p === '/kling/v1/videos/text2video' || p === '/kling/v1/videos/image2video') {
      if (!bearerOk(req))
        return json(401, { error: { message: '无效的令牌', type: 'new_api_error' } });
      const body = JSON.parse(req.body) as { model_name?: string };
      const refused = klingRefusal(p.includes('image2video') ? 'image2video' : 'text2video', body);
      // New API relays Kling's refusal as its task error (DoResponse: code != 0 → 400).
      if (refused) return json(400, { code: 'task_failed', message: refused, data: null });
      const job = create('kling', req);
      job.newApi = true;
      return json(200, {
        id: job.id,
        task_id: job.id,
        object: 'video',
        model: body.model_name ?? '',
        status: '',
        progress: 0,
        created_at: Math.floor(job.created / 1000),
      });
    }
    // Runway
    if (p === '/v1/image_to_video' || p.startsWith('/v1/tasks/') || p === '/v1/organization') {
      if (!bearerOk(req)) return json(401, { error: 'Invalid API key' });
      if (!req.headers['x-runway-version'])
        return json(400, { error: 'You must provide a X-Runway-Version header' });
      if (p === '/v1/organization') return json(200, { creditBalance: 1000, tier: {}, usage: {} });
      if (req.method === 'POST') {
        const refused = runwayRefusal(JSON.parse(req.body) as RunwayBody);
        if (refused) return json(400, { error: refused });
        return json(200, { id: create('runway', req).id });
      }
      const job = jobs.get(p.split('/')[3]!);
      return job ? json(200, views.runway(job)) : json(404, { error: 'Task not found' });
    }
    // Luma official
    if (p.startsWith('/dream-machine/v1/')) {
      if (!bearerOk(req)) return json(401, { detail: 'Invalid API key' });
      if (p === '/dream-machine/v1/credits') return json(200, { credit_balance: 500 });
      if (req.method === 'POST' && p === '/dream-machine/v1/generations/video') {
        const body = JSON.parse(req.body) as Record<string, unknown>;
        const refused = lumaRefusal(body);
        if (refused) return refused;
        const job = create('luma', req, body.callback_url as string | undefined);
        return json(201, views.luma(job));
      }
      if (p === '/dream-machine/v1/generations' && req.method !== 'GET')
        return json(405, { detail: 'Method Not Allowed' });
      const job = req.method === 'GET' ? jobs.get(p.split('/')[4]!) : undefined;
      return job ? json(200, views.luma(job)) : json(404, { detail: 'Generation not found' });
    }
    // Luma relay
    if (p === '/luma/users/me') {
      const refused = lumaRelayUnauthorized(req, KEY);
      return refused ?? json(200, { id: 'user-fake', email: 'fake@luma.test' });
    }
    if (p.startsWith('/luma/generations')) {
      const refused = lumaRelayUnauthorized(req, KEY);
      if (refused) return refused;
      const parts = p.split('/').filter(Boolean);
      if (req.method === 'POST') return json(200, [views['luma-relay'](create('luma-relay', req))]);
      const job = jobs.get(parts[2]!);
      return job ? json(200, views['luma-relay'](job)) : json(404, { detail: 'not found' });
    }
    // Pika
    if (p.startsWith('/generate/2.2/') || p.startsWith('/videos/')) {
      if (req.headers.authorization !== `Bearer ${KEY}` && req.headers['x-api-key'] !== KEY)
        return json(401, { detail: 'Invalid API key' });
      if (req.method === 'POST') {
        if (!['/generate/2.2/t2v', '/generate/2.2/i2v', '/generate/2.2/pikaframes'].includes(p))
          return json(404, { detail: 'Not Found' });
        const read = await readPikaGenerate(req);
        if ('refused' in read) return read.refused;
        return json(200, { video_id: create('pika', req, undefined, read.request).id });
      }
      const job = jobs.get(p.split('/')[2]!);
      return job ? json(200, views.pika(job)) : json(404, { detail: 'Video not found' });
    }
    // OpenAI-style
    if (p.startsWith('/v1/videos') || p === '/v1/models') {
      if (!bearerOk(req)) return unauthorized;
      if (p === '/v1/models')
        return json(200, { object: 'list', data: [{ id: 'sora-2', object: 'model' }] });
      if (req.method === 'POST' && p === '/v1/videos') {
        const read = await readOpenAiCreate(req);
        if ('refused' in read) return read.refused;
        return json(200, views['openai-video'](create('openai-video', req, undefined, read.form)));
      }
      const parts = p.split('/').filter(Boolean);
      const job = jobs.get(parts[2]!);
      if (!job)
        return json(404, { error: { message: 'Video not found', type: 'invalid_request_error' } });
      if (parts[3] === 'content') {
        if (phase(job) !== 'done') return json(400, { error: { message: 'Video is not ready' } });
        downloads.set(job.id, (downloads.get(job.id) ?? 0) + 1);
        return {
          status: 200,
          headers: { 'content-type': 'video/mp4' },
          body: clip as unknown as string,
        };
      }
      if (job.newApi) {
        const s = phase(job);
        return json(
          200,
          newApiVideo(job.id, s, {
            progress: Math.round(progress(job) * 100),
            ...(s === 'done' ? { url: link(job) } : {}),
            seconds: clipSeconds,
            created: Math.floor(job.created / 1000),
            why: job.scenario.filter ? 'risk control: sensitive content' : why(job),
          }),
        );
      }
      return json(200, views['openai-video'](job));
    }
    return json(404, { error: `no route ${req.method} ${p}` });
  });
  const self: FakeVideoUpstream = Object.assign(server, {
    scenario: {} as Scenario,
    jobs,
    apiKey: KEY,
    klingKey: `${ACCESS}:${SECRET}`,
    clipSeconds,
    downloads,
    finish(id: string) {
      const job = jobs.get(id);
      if (!job || job.finishedAt) return;
      job.finishedAt = Date.now();
      if (job.scenario.callback) callBack(job);
    },
    view: (id: string) => views[jobs.get(id)!.protocol](jobs.get(id)!),
  });
  return self;
}
