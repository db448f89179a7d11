import { randomUUID } from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse } from './http.js';
import { pictureOf } from './multipart.js';

/**
 * A fake Black Forest Labs FLUX API on 127.0.0.1, following docs.bfl.ai and the request and
 * status models of comfyanonymous/ComfyUI `comfy_api_nodes/apis/bfl.py`
 * (`BFLFluxProGenerateRequest`, `BFLFluxKontextProGenerateRequest`, `Flux2ProGenerateRequest`,
 * `BFLFluxProGenerateResponse`, `BFLStatus`, `BFLFluxStatusResponse`):
 * - `POST /v1/{model}` with `x-key` answers `{ id, polling_url, cost }`; `flux-pro-1.1`,
 *   `flux-dev` and `flux-2-*` take `width` / `height` (256–1440, multiples of 32: else a 422
 *   listing the field as FastAPI does), `flux-pro-1.1-ultra` and `flux-kontext-*` take
 *   `aspect_ratio`; references as `image_prompt` or `input_image`, `input_image_2`…;
 * - `GET /v1/get_result?id=` (the `polling_url`, on its own host) answers `Pending` with a
 *   `progress` for `pendingPolls` looks, then `Ready` with `result.sample` (a link served once:
 *   BFL's signed delivery links expire within minutes) and the seed;
 * - refusals as BFL answers them: a prompt with "forbidden" is `Request Moderated`, one with
 *   "nsfw" `Content Moderated` (after it was drawn), "broken" `Error`; 402 `{ detail }` when the
 *   account has no credits (`noCredits`), 429 when too many tasks are active (`busy`), 403 for a
 *   wrong key; `GET /v1/credits` answers `{ credits }`.
 */
export interface FakeBfl {
  url: string;
  secret: string;
  requests: FakeRequest[];
  /** Looks answered `Pending` before `Ready`. */
  pendingPolls: number;
  noCredits: boolean;
  busy: boolean;
  /** Times each sample link was fetched. */
  sampleFetches: Map<string, number>;
  /** Tasks submitted (each a paid generation upstream). */
  submitted: number;
  close(): Promise<void>;
}

const SIZE_MODELS = /^(flux-pro-1\.1|flux-dev|flux-2-.+)$/;
const ASPECT_MODELS = /^(flux-pro-1\.1-ultra|flux-kontext-(pro|max))$/;

const json = (status: number, body: unknown): FakeResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

interface Job {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  looks: number;
  refs: number;
  sample: string | null;
  moderated: boolean;
}

export async function startFakeBfl(): Promise<FakeBfl> {
  const jobs = new Map<string, Job>();
  const samples = new Map<string, Buffer>();
  const fake: FakeBfl = {
    url: '',
    secret: `bfl-${randomUUID()}`,
    requests: [],
    pendingPolls: 2,
    noCredits: false,
    busy: false,
    sampleFetches: new Map(),
    submitted: 0,
    close: async () => server.close(),
  };

  async function answer(req: FakeRequest): Promise<FakeResponse> {
    const sample = /^\/delivery\/([\w-]+)\/sample\.(png|jpeg)$/.exec(req.path);
    if (req.method === 'GET' && sample) {
      const id = sample[1]!;
      const n = (fake.sampleFetches.get(id) ?? 0) + 1;
      fake.sampleFetches.set(id, n);
      const bytes = samples.get(id);
      if (!bytes || n > 1)
        return {
          status: 403,
          headers: { 'content-type': 'application/xml' },
          body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
        };
      return { status: 200, headers: { 'content-type': `image/${sample[2]}` }, body: bytes };
    }
    if (req.headers['x-key'] !== fake.secret)
      return json(403, { detail: 'Not authenticated - Invalid Authentication' });
    if (req.method === 'GET' && req.path === '/v1/credits') return json(200, { credits: 1234.5 });
    if (req.method === 'GET' && req.path === '/v1/get_result') {
      const id = req.query.get('id') ?? '';
      const job = jobs.get(id);
      if (!job) return json(200, { id, status: 'Task not found', result: null, progress: null });
      // BFL moderates a request after accepting it: its status says so.
      if (job.moderated)
        return json(200, { id, status: 'Request Moderated', result: null, progress: null });
      job.looks += 1;
      if (job.looks <= fake.pendingPolls)
        return json(200, {
          id,
          status: 'Pending',
          result: null,
          progress: job.looks / (fake.pendingPolls + 1),
        });
      if (/nsfw/i.test(job.prompt))
        return json(200, { id, status: 'Content Moderated', result: null, progress: null });
      if (/broken/i.test(job.prompt))
        return json(200, { id, status: 'Error', result: null, progress: null });
      if (!job.sample) {
        const key = randomUUID();
        samples.set(
          key,
          await pictureOf(`${job.prompt}#${job.seed}#${job.refs}`, job.width, job.height),
        );
        job.sample = `${fake.url}/delivery/${key}/sample.png`;
      }
      return json(200, {
        id,
        status: 'Ready',
        result: {
          sample: job.sample,
          prompt: job.prompt,
          seed: job.seed,
          start_time: 0,
          end_time: 1,
        },
        progress: null,
      });
    }
    const model = /^\/v1\/([\w.-]+)$/.exec(req.path)?.[1];
    if (req.method !== 'POST' || !model || !(SIZE_MODELS.test(model) || ASPECT_MODELS.test(model)))
      return json(404, { detail: 'Not Found' });
    if (fake.noCredits)
      return json(402, { detail: 'Insufficient credits. Please add credits to your account.' });
    if (fake.busy)
      return json(429, { detail: 'You have exceeded the number of active tasks (24).' });
    let b: Record<string, unknown> | null = null;
    try {
      b = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      b = null;
    }
    if (!b || typeof b.prompt !== 'string' || !b.prompt)
      return json(422, {
        detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }],
      });
    let width = 1024;
    let height = 1024;
    if (SIZE_MODELS.test(model)) {
      for (const [k, v] of [
        ['width', b.width],
        ['height', b.height],
      ] as const)
        if (v !== undefined && (typeof v !== 'number' || v < 256 || v > 1440 || v % 32))
          return json(422, {
            detail: [
              {
                loc: ['body', k],
                msg: 'Input should be a multiple of 32 between 256 and 1440',
                type: 'value_error',
              },
            ],
          });
      width = typeof b.width === 'number' ? b.width : 1024;
      height = typeof b.height === 'number' ? b.height : 768;
    } else if (b.aspect_ratio !== undefined) {
      const m = /^(\d+):(\d+)$/.exec(String(b.aspect_ratio));
      const r = m ? Number(m[1]) / Number(m[2]) : 0;
      if (!m || r > 21 / 9 || r < 9 / 21)
        return json(422, {
          detail: [
            {
              loc: ['body', 'aspect_ratio'],
              msg: 'Aspect ratio must be between 21:9 and 9:21',
              type: 'value_error',
            },
          ],
        });
      width = Math.round(1024 * Math.sqrt(r));
      height = Math.round(1024 / Math.sqrt(r));
    }
    const refs = Object.keys(b).filter((k) => /^(image_prompt|input_image(_\d)?)$/.test(k)).length;
    const id = randomUUID();
    jobs.set(id, {
      prompt: b.prompt,
      seed: typeof b.seed === 'number' ? b.seed : 42,
      width,
      height,
      looks: 0,
      refs,
      sample: null,
      moderated: /forbidden/i.test(b.prompt),
    });
    fake.submitted += 1;
    return json(200, { id, polling_url: `${fake.url}/v1/get_result?id=${id}`, cost: 4 });
  }

  const server = await startFakeServer(answer);
  fake.url = server.url;
  fake.requests = server.requests;
  return fake;
}
