import { randomUUID } from 'node:crypto';
import {
  pictureOf,
  sleep,
  startRawServer,
  type RawRequest,
  type RawResponse,
} from './multipart.js';

/**
 * A fake OpenAI images upstream on 127.0.0.1 (OpenAI, or a One API / New API relay in front of
 * it), speaking the real wire format:
 * - `POST /v1/images/generations` (JSON): the GPT image models (openai-node
 *   `src/resources/images.ts`, `ImageModel`: `gpt-image-1`, `-1-mini`, `-1.5`, `-2`,
 *   `-2-2026-04-21`, `chatgpt-image-latest`) answer `b64_json` and refuse DALL·E's fields, as that
 *   file's `ImageGenerateParamsBase` says: `response_format` ("isn't supported for the GPT image
 *   models") and `style` ("only supported for `dall-e-3`"), a 400 naming the parameter;
 *   DALL·E answers a `url` served here (or `b64_json` when asked); DALL·E 3 takes `n: 1` and
 *   three sizes only;
 * - `POST /v1/images/edits` (multipart `image[]` or `image`, optional `mask` PNG);
 * - `GET /v1/models`;
 * - errors `{ error: { message, type, param, code } }`: 401 for a wrong key, 400
 *   `content_policy_violation` for a prompt containing "forbidden", `failStatus` for every call
 *   while it is set; model `fake-slow` waits `slowMs`; every call waits `delayMs`.
 * Picture links are served once each by default (`expireAfterFetch`), as if they had expired.
 * A test may make it answer links elsewhere (`linkBase`: another port, a metadata address, as a
 * compromised relay could) or redirect its own links (`redirectTo`).
 */
export interface FakeOpenAIImages {
  /** Base URL ending in `/v1`. */
  url: string;
  secret: string;
  requests: RawRequest[];
  /** Generation and edit calls answered with pictures. */
  served: number;
  /** Times each picture link was fetched. */
  urlFetches: Map<string, number>;
  failStatus: number | null;
  delayMs: number;
  slowMs: number;
  expireAfterFetch: boolean;
  /** Where its picture links point (null: its own host). */
  linkBase: string | null;
  /** When set, its own picture links answer a 302 to this address. */
  redirectTo: string | null;
  close(): Promise<void>;
}

const DALLE3_SIZES = ['1024x1024', '1792x1024', '1024x1792'];
/** openai-node's GPT image models (`ImageModel`), and relays' names for them. */
const GPT_IMAGE = /(?:^|[^a-z])(?:chatgpt-image|gpt-image)(?:[-.]|$)/i;

const error = (
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): RawResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { message, type, param, code } }),
});

export async function startFakeOpenAIImages(): Promise<FakeOpenAIImages> {
  const pictures = new Map<string, Buffer>();
  const fake: FakeOpenAIImages = {
    url: '',
    secret: `sk-${randomUUID()}`,
    requests: [],
    served: 0,
    urlFetches: new Map(),
    failStatus: null,
    delayMs: 0,
    slowMs: 3000,
    expireAfterFetch: true,
    linkBase: null,
    redirectTo: null,
    close: async () => server.close(),
  };

  async function answer(req: RawRequest): Promise<RawResponse> {
    const link = /^\/files\/([\w-]+)\.png$/.exec(req.path);
    if (req.method === 'GET' && link) {
      const id = link[1]!;
      if (fake.redirectTo) return { status: 302, headers: { location: fake.redirectTo }, body: '' };
      const n = (fake.urlFetches.get(id) ?? 0) + 1;
      fake.urlFetches.set(id, n);
      const bytes = pictures.get(id);
      if (!bytes || (fake.expireAfterFetch && n > 1))
        return {
          status: 403,
          headers: { 'content-type': 'application/xml' },
          body: '<Error><Code>AuthenticationFailed</Code></Error>',
        };
      return { status: 200, headers: { 'content-type': 'image/png' }, body: bytes };
    }
    if (req.headers.authorization !== `Bearer ${fake.secret}`)
      return error(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    if (req.method === 'GET' && req.path === '/v1/models')
      return {
        status: 200,
        body: JSON.stringify({
          object: 'list',
          data: ['dall-e-3', 'dall-e-2', 'gpt-image-1'].map((id) => ({
            id,
            object: 'model',
            owned_by: 'openai',
          })),
        }),
      };
    const generations = req.path === '/v1/images/generations';
    if (req.method !== 'POST' || (!generations && req.path !== '/v1/images/edits'))
      return error(
        404,
        `Unknown request URL: ${req.method} ${req.path}`,
        'invalid_request_error',
        'unknown_url',
      );
    if (fake.delayMs) await sleep(fake.delayMs);
    if (fake.failStatus)
      return error(
        fake.failStatus,
        'The server had an error while processing your request.',
        'server_error',
        null,
      );
    const p = generations ? readJson(req) : readForm(req);
    if ('status' in p) return p;
    if (p.model === 'fake-slow') await sleep(fake.slowMs);
    if (!p.prompt)
      return error(
        400,
        "Missing required parameter: 'prompt'.",
        'invalid_request_error',
        null,
        'prompt',
      );
    if (/forbidden/i.test(p.prompt))
      return error(
        400,
        'Your request was rejected as a result of our safety system.',
        'invalid_request_error',
        'content_policy_violation',
      );
    const gpt = GPT_IMAGE.test(p.model);
    const dalleOnly = gpt && (p.responseFormat ? 'response_format' : p.style ? 'style' : null);
    if (dalleOnly)
      return error(
        400,
        `Unknown parameter: '${dalleOnly}'.`,
        'invalid_request_error',
        'unknown_parameter',
        dalleOnly,
      );
    if (p.model === 'dall-e-3' && p.n !== 1)
      return error(400, 'You must provide n=1 for this model.', 'invalid_request_error', null, 'n');
    if (p.model === 'dall-e-3' && p.size && !DALLE3_SIZES.includes(p.size))
      return error(
        400,
        `'${p.size}' is not one of ${DALLE3_SIZES.map((s) => `'${s}'`).join(', ')} - 'size'`,
        'invalid_request_error',
        null,
        'size',
      );
    const [w, h] = (p.size && p.size !== 'auto' ? p.size : '1024x1024').split('x').map(Number) as [
      number,
      number,
    ];
    const data = [];
    for (let i = 0; i < p.n; i++) {
      const bytes = await pictureOf(`${p.prompt}#${i}#${p.edit}`, w, h);
      const revised =
        p.model === 'dall-e-3' ? { revised_prompt: `A detailed picture of ${p.prompt}` } : {};
      if (gpt || p.responseFormat === 'b64_json')
        data.push({ b64_json: bytes.toString('base64'), ...revised });
      else {
        const id = randomUUID();
        pictures.set(id, bytes);
        const host = fake.linkBase ?? fake.url.replace(/\/v1$/, '');
        data.push({ url: `${host}/files/${id}.png`, ...revised });
      }
    }
    fake.served += 1;
    return {
      status: 200,
      body: JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data,
        ...(gpt ? { usage: { total_tokens: 100 } } : {}),
      }),
    };
  }

  const server = await startRawServer(answer);
  fake.url = `${server.url}/v1`;
  fake.requests = server.requests;
  return fake;
}

interface Asked {
  model: string;
  prompt: string;
  n: number;
  size: string | undefined;
  responseFormat: string | undefined;
  style: string | undefined;
  edit: string;
}

function readJson(req: RawRequest): Asked | RawResponse {
  const b = req.json;
  if (!b)
    return error(
      400,
      'We could not parse the JSON body of your request.',
      'invalid_request_error',
      null,
    );
  return {
    model: String(b.model ?? 'dall-e-2'),
    prompt: typeof b.prompt === 'string' ? b.prompt : '',
    n: typeof b.n === 'number' ? b.n : 1,
    size: typeof b.size === 'string' ? b.size : undefined,
    responseFormat: typeof b.response_format === 'string' ? b.response_format : undefined,
    style: typeof b.style === 'string' ? b.style : undefined,
    edit: '',
  };
}

function readForm(req: RawRequest): Asked | RawResponse {
  const f = (k: string) => req.fields[k]?.[0];
  const images = [...(req.files['image[]'] ?? []), ...(req.files.image ?? [])];
  if (!images.length)
    return error(
      400,
      "Missing required parameter: 'image'.",
      'invalid_request_error',
      null,
      'image',
    );
  const mask = req.files.mask?.[0];
  if (mask && !mask.bytes.subarray(1, 4).equals(Buffer.from('PNG')))
    return error(
      400,
      "Invalid input image - format must be in ['png'].",
      'invalid_request_error',
      null,
      'mask',
    );
  return {
    model: f('model') ?? 'dall-e-2',
    prompt: f('prompt') ?? '',
    n: Number(f('n') ?? 1),
    size: f('size'),
    responseFormat: f('response_format'),
    style: f('style'),
    edit: `edit:${images.length}:${mask ? 'mask' : ''}`,
  };
}
