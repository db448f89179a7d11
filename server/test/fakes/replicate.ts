import { randomBytes } from 'node:crypto';
import { json, startFakeServer, type FakeRequest, type FakeResponse } from './http.js';
import { pictureOf } from './multipart.js';

/**
 * A fake Replicate HTTP API on 127.0.0.1, after replicate.com/docs/reference/http and the
 * shapes of replicate/replicate-javascript (`index.d.ts` `Prediction`, `lib/predictions.js`):
 * - `POST /v1/models/{owner}/{name}/predictions` `{input}` and `POST /v1/predictions` `{version,
 *   input}` with `Authorization: Bearer <token>` → 201 `{id, model, version, input, logs: "",
 *   output: null, error: null, status: "starting", created_at, urls: {get, cancel, stream,
 *   web}}` (with `Prefer: wait` it would hold the answer; not sent here);
 * - `GET /v1/predictions/{id}` → `starting`, then `processing`, then `succeeded` with `output`
 *   a replicate.delivery link (served once: its files are deleted after an hour), or `failed`
 *   with `error` ("… (E005)" when the safety checker flags the picture);
 * - problem-details errors `{title, detail, status}`: 401 Unauthenticated, 402 Insufficient
 *   credit (`noCredit`), 404 for an unknown model, 422 Input validation failed with
 *   `invalid_fields` (an `aspect_ratio` the model's enum lacks: 21:9 on FLUX 1.1 pro), 429 Request was throttled (`busy`);
 * - `GET /v1/account` → `{type, username, name, github_url}`.
 * A prompt with "nsfw" fails with E005; "broken" fails with a model error.
 */
export interface FakeReplicate {
  url: string;
  token: string;
  requests: FakeRequest[];
  noCredit: boolean;
  busy: boolean;
  /** Looks answered before the end (the first `starting`, the next `processing`). */
  pendingPolls: number;
  deliveryFetches: Map<string, number>;
  close(): Promise<void>;
}

const MODELS = new Set([
  'black-forest-labs/flux-schnell',
  'black-forest-labs/flux-dev',
  'black-forest-labs/flux-1.1-pro',
  'black-forest-labs/flux-kontext-pro',
]);
const ASPECTS = new Set([
  '1:1',
  '16:9',
  '21:9',
  '3:2',
  '2:3',
  '4:5',
  '5:4',
  '3:4',
  '4:3',
  '9:16',
  '9:21',
]);

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const predictions = new Map<
    string,
    {
      model: string;
      version: string;
      input: Record<string, unknown>;
      looks: number;
      output: string | null;
      created: string;
    }
  >();
  const files = new Map<string, Buffer>();
  const fake: FakeReplicate = {
    url: '',
    token: `r8_${randomBytes(16).toString('hex')}`,
    requests: [],
    noCredit: false,
    busy: false,
    pendingPolls: 2,
    deliveryFetches: new Map(),
    close: async () => server.close(),
  };
  const problem = (status: number, title: string, detail: string, extra: object = {}) =>
    json(status, { title, detail, status, ...extra });
  const view = (id: string, status: string, extra: object = {}) => {
    const p = predictions.get(id)!;
    return {
      id,
      model: p.model,
      version: p.version,
      input: p.input,
      logs: status === 'starting' ? '' : 'Using seed: 1\n',
      output: null,
      data_removed: false,
      error: null,
      status,
      created_at: p.created,
      urls: {
        cancel: `${fake.url}/v1/predictions/${id}/cancel`,
        get: `${fake.url}/v1/predictions/${id}`,
        stream: `${fake.url}/v1/files/stream/${id}`,
        web: `https://replicate.com/p/${id}`,
      },
      ...extra,
    };
  };

  async function create(req: FakeRequest, model: string, version: string): Promise<FakeResponse> {
    if (!MODELS.has(model))
      return problem(404, 'Not found', 'The requested resource could not be found.');
    if (fake.noCredit)
      return problem(
        402,
        'Insufficient credit',
        'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit. Once you purchase credit, please wait a few minutes before trying again.',
      );
    if (fake.busy)
      return problem(
        429,
        'Request was throttled',
        'Request was throttled. Your rate limit resets in ~5s.',
      );
    let b: { input?: Record<string, unknown> };
    try {
      b = JSON.parse(req.body) as typeof b;
    } catch {
      return problem(400, 'Bad request', 'The request body is not valid JSON.');
    }
    const input = b.input ?? {};
    const invalid: Array<{ type: string; field: string; description: string }> = [];
    if (typeof input.prompt !== 'string' || !input.prompt)
      invalid.push({ type: 'required', field: 'input', description: 'prompt is required' });
    // FLUX 1.1 pro's aspect_ratio enum has no 21:9 / 9:21 (its model schema).
    const aspects = model.endsWith('flux-1.1-pro')
      ? new Set([...ASPECTS].filter((a) => !a.includes('21')))
      : ASPECTS;
    if (input.aspect_ratio !== undefined && !aspects.has(String(input.aspect_ratio)))
      invalid.push({
        type: 'enum',
        field: 'input.aspect_ratio',
        description: `input.aspect_ratio must be one of the following: ${[...aspects].map((a) => `"${a}"`).join(', ')}`,
      });
    if (input.input_image !== undefined && !model.includes('kontext'))
      invalid.push({
        type: 'additional_property_not_allowed',
        field: 'input',
        description: 'Additional property input_image is not allowed',
      });
    if (invalid.length)
      return problem(
        422,
        'Input validation failed',
        invalid.map((i) => `- ${i.description}`).join('\n'),
        { invalid_fields: invalid },
      );
    const id = randomBytes(13)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')
      .slice(0, 26);
    predictions.set(id, {
      model,
      version,
      input,
      looks: 0,
      output: null,
      created: new Date().toISOString(),
    });
    return json(201, view(id, 'starting'));
  }

  async function read(id: string): Promise<FakeResponse> {
    const p = predictions.get(id);
    if (!p) return problem(404, 'Not found', 'The requested resource could not be found.');
    p.looks += 1;
    if (p.looks <= fake.pendingPolls)
      return json(200, view(id, p.looks === 1 ? 'starting' : 'processing'));
    const prompt = String(p.input.prompt);
    if (/nsfw/i.test(prompt))
      return json(
        200,
        view(id, 'failed', {
          error:
            'Prediction failed. The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
        }),
      );
    if (/broken/i.test(prompt))
      return json(200, view(id, 'failed', { error: 'CUDA out of memory.' }));
    if (!p.output) {
      const key = randomBytes(16).toString('hex');
      files.set(key, await pictureOf(`${prompt}#${String(p.input.seed)}`, 256, 256));
      p.output = `${fake.url}/delivery/xezq/${key}/out-0.${String(p.input.output_format ?? 'webp')}`;
    }
    // FLUX 1.1 pro answers one link, flux-schnell / dev a list.
    const output = /schnell|dev/.test(p.model) ? [p.output] : p.output;
    return json(
      200,
      view(id, 'succeeded', {
        output,
        metrics: { predict_time: 1.2 },
        completed_at: new Date().toISOString(),
      }),
    );
  }

  const server = await startFakeServer(async (req) => {
    const file = /^\/delivery\/xezq\/(\w+)\/out-0\.\w+$/.exec(req.path);
    if (file) {
      const n = (fake.deliveryFetches.get(file[1]!) ?? 0) + 1;
      fake.deliveryFetches.set(file[1]!, n);
      const bytes = files.get(file[1]!);
      return bytes && n === 1
        ? { status: 200, headers: { 'content-type': 'image/png' }, body: bytes }
        : { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' };
    }
    if (req.headers.authorization !== `Bearer ${fake.token}`)
      return problem(401, 'Unauthenticated', 'You did not pass a valid authentication token');
    if (req.method === 'GET' && req.path === '/v1/account')
      return json(200, {
        type: 'user',
        username: 'atelier-test',
        name: 'Atelier Test',
        github_url: null,
      });
    let m: RegExpExecArray | null;
    if (
      req.method === 'POST' &&
      (m = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/predictions$/.exec(req.path))
    )
      return create(req, `${m[1]}/${m[2]}`, '');
    if (req.method === 'POST' && req.path === '/v1/predictions') {
      const version = String((JSON.parse(req.body || '{}') as { version?: string }).version ?? '');
      return create(req, version === 'a1b2c3' ? 'black-forest-labs/flux-dev' : 'unknown', version);
    }
    if (req.method === 'GET' && (m = /^\/v1\/predictions\/(\w+)$/.exec(req.path)))
      return read(m[1]!);
    return problem(404, 'Not found', 'The requested resource could not be found.');
  });
  fake.url = server.url;
  fake.requests = server.requests;
  return fake;
}
