import { randomBytes, randomUUID } from 'node:crypto';
import { json, startFakeServer, type FakeRequest, type FakeResponse } from './http.js';
import { pictureOf } from './multipart.js';
import { gatewayError, verifyVolcSignature } from './volc-signature.js';

/**
 * Volcengine's two picture APIs on 127.0.0.1:
 * - Seedream on Ark (Ark's "Image generation API": `POST /api/v3/images/generations`, Bearer
 *   key; as New API's Volcengine channel passes `/v1/images/generations` on,
 *   QuantumNous/new-api `relay/channel/volcengine/adaptor.go`): `{model, prompt, size "WxH",
 *   seed, guidance_scale, watermark, response_format, image}` → `{model, created, data: [{url,
 *   size}], usage: {generated_images, output_tokens, total_tokens}}`; `guidance_scale` only on
 *   3.0 (1–10), `image` only on 4.0 / SeedEdit, sizes within Ark's bounds (3.0: 512–2048 a
 *   side); errors `{error: {code, message, param, type}}`: 400 `InvalidParameter`, 400
 *   `InputTextSensitiveContentDetected`, 400 `OutputImageSensitiveContentDetected`, 429
 *   `QuotaExceeded`, 401 `AuthenticationError`; `GET /api/v3/contents/generations/tasks` lists.
 *   The same route at `/v1/images/generations` with the relay's token is New API in front.
 * - Jimeng images on the visual API (volcengine.com/docs/85621, "即梦文生图"; new-api
 *   `relay/channel/task/jimeng/adaptor.go` for the calls and the signature): signed
 *   `CVSync2AsyncSubmitTask` `{req_key, prompt, seed, width, height, binary_data_base64}` →
 *   `{code: 10000, data: {task_id}}`; `CVSync2AsyncGetResult` `{req_key, task_id, req_json}` →
 *   `{code: 10000, data: {status in_queue|generating|done, image_urls (with return_url),
 *   binary_data_base64}}`; refusals 400 `{code, message, data: null}` 50412 "Text Risk Not
 *   Pass", 50511 "Post Img Risk Not Pass" at the query, 50215 "Input invalid for this
 *   service."; the gateway's 401 `SignatureDoesNotMatch` for a wrong signature.
 * Result links are served once (signed links that expire: a second fetch is 403), so a test
 * sees that we keep our own copy. Prompts with "forbidden" are refused by the input filter,
 * with "nsfw" by the output filter, with "broke" as an invalid parameter; `noQuota` refuses the
 * account.
 */
export interface FakeVolcImages {
  url: string;
  arkKey: string;
  relayToken: string;
  volcKey: string;
  requests: FakeRequest[];
  noQuota: boolean;
  /** Looks answered before `done`. */
  pendingPolls: number;
  linkFetches: Map<string, number>;
  close(): Promise<void>;
}

const AK = 'AKLTaW1hZ2UtZmFrZQ';
const SK = 'c2VjcmV0LW9mLWltYWdlLWZha2U=';
const SEEDREAM_KEYS = /^doubao-(seedream-(3-0-t2i|4-0)|seededit-3-0-i2i)-\d{6}$/;
const JIMENG_KEYS = new Set([
  'jimeng_high_aes_general_v21_L',
  'jimeng_t2i_v30',
  'jimeng_t2i_v31',
  'jimeng_t2i_v40',
]);

export async function startFakeVolcImages(): Promise<FakeVolcImages> {
  const links = new Map<string, Buffer>();
  const jobs = new Map<
    string,
    { reqKey: string; prompt: string; width: number; height: number; looks: number; refs: number }
  >();
  const fake: FakeVolcImages = {
    url: '',
    arkKey: `ark-${randomUUID()}`,
    relayToken: `sk-${randomBytes(12).toString('hex')}`,
    volcKey: `${AK}|${SK}`,
    requests: [],
    noQuota: false,
    pendingPolls: 1,
    linkFetches: new Map(),
    close: async () => server.close(),
  };
  const link = async (text: string, w: number, h: number) => {
    const id = randomUUID();
    links.set(id, await pictureOf(text, Math.min(w, 512), Math.min(h, 512)));
    return `${fake.url}/tos/${id}.png?X-Tos-Expires=86400`;
  };
  const arkError = (status: number, code: string, message: string, param = '') =>
    json(status, {
      error: {
        code,
        message,
        param,
        type: status === 429 ? 'TooManyRequests' : status === 401 ? 'Unauthorized' : 'BadRequest',
      },
    });
  const jimeng = (code: number, message: string, data: unknown, status = 200) =>
    json(status, {
      code,
      data,
      message,
      request_id: randomBytes(17).toString('hex').toUpperCase(),
      status: code,
      time_elapsed: '40.1ms',
    });

  async function seedream(req: FakeRequest): Promise<FakeResponse> {
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return arkError(400, 'InvalidParameter', 'The request body is not valid JSON.');
    }
    const model = String(b.model ?? '');
    const prompt = String(b.prompt ?? '');
    if (!SEEDREAM_KEYS.test(model))
      return arkError(
        404,
        'InvalidEndpointOrModel.NotFound',
        `The model ${model} does not exist or you do not have access to it.`,
      );
    if (fake.noQuota) return arkError(429, 'QuotaExceeded', 'The request has exceeded the quota.');
    if (/forbidden/i.test(prompt))
      return arkError(
        400,
        'InputTextSensitiveContentDetected',
        'The request failed because the input text may contain sensitive information.',
      );
    const v4 = /seedream-4/.test(model);
    const m = /^(\d+)x(\d+)$/.exec(String(b.size ?? '1024x1024'));
    const [lo, hi] = v4 ? [1024, 4096] : [512, 2048];
    if (!m || [m[1], m[2]].some((v) => Number(v) < lo || Number(v) > hi) || /broke/i.test(prompt))
      return arkError(
        400,
        'InvalidParameter',
        'The parameter `size` specified in the request is not valid.',
        'size',
      );
    if (
      b.guidance_scale !== undefined &&
      (v4 || Number(b.guidance_scale) < 1 || Number(b.guidance_scale) > 10)
    )
      return arkError(
        400,
        'InvalidParameter',
        'The parameter `guidance_scale` specified in the request is not valid.',
        'guidance_scale',
      );
    const refs = b.image === undefined ? [] : Array.isArray(b.image) ? b.image : [b.image];
    if (refs.length && !/seedream-4|seededit/.test(model))
      return arkError(
        400,
        'InvalidParameter',
        'The parameter `image` specified in the request is not valid.',
        'image',
      );
    if (refs.some((r) => !/^(data:image\/[\w.+-]+;base64,|https?:\/\/)/.test(String(r))))
      return arkError(
        400,
        'InvalidParameter',
        'The parameter `image` specified in the request is not valid.',
        'image',
      );
    if (/nsfw/i.test(prompt))
      return arkError(
        400,
        'OutputImageSensitiveContentDetected',
        'The request failed because the output image may contain sensitive information.',
      );
    const url = await link(
      `${prompt}#${String(b.seed)}#${refs.length}`,
      Number(m[1]),
      Number(m[2]),
    );
    return json(200, {
      model,
      created: Math.floor(Date.now() / 1000),
      data: [
        b.response_format === 'b64_json'
          ? { b64_json: links.get(url.split('/').pop()!.split('.')[0]!)!.toString('base64') }
          : { url, size: `${m[1]}x${m[2]}` },
      ],
      usage: { generated_images: 1, output_tokens: 4096, total_tokens: 4096 },
    });
  }

  async function visual(req: FakeRequest): Promise<FakeResponse> {
    const refused = verifyVolcSignature(req, { [AK]: SK });
    if (refused) return refused;
    const action = req.query.get('Action');
    const b = JSON.parse(req.body || '{}') as Record<string, unknown>;
    if (action === 'CVSync2AsyncGetResult') {
      const job = jobs.get(String(b.task_id));
      if (!job || job.reqKey !== b.req_key)
        return jimeng(10000, 'Success', { status: 'not_found' });
      job.looks += 1;
      if (job.looks <= fake.pendingPolls)
        return jimeng(10000, 'Success', { status: job.looks === 1 ? 'in_queue' : 'generating' });
      if (/nsfw/i.test(job.prompt)) return jimeng(50511, 'Post Img Risk Not Pass', null, 400);
      const asUrl = /"return_url":\s*true/.test(String(b.req_json ?? ''));
      const url = await link(`${job.prompt}#${job.refs}`, job.width, job.height);
      return jimeng(10000, 'Success', {
        status: 'done',
        image_urls: asUrl ? [url] : null,
        binary_data_base64: asUrl
          ? []
          : [links.get(url.split('/').pop()!.split('.')[0]!)!.toString('base64')],
        resp_data: '{"code":0,"message":"success"}',
      });
    }
    if (action !== 'CVSync2AsyncSubmitTask')
      return gatewayError(
        404,
        req,
        'InvalidActionOrVersion',
        null,
        `Could not find operation ${action ?? ''}`,
      );
    const reqKey = String(b.req_key ?? '');
    const prompt = String(b.prompt ?? '');
    if (fake.noQuota)
      return gatewayError(
        403,
        req,
        'AccessDenied',
        null,
        'User is not authorized to perform this action, or the service is not activated.',
      );
    if (!JIMENG_KEYS.has(reqKey))
      return jimeng(50215, 'Input invalid for this service.', { resp_data: '' }, 400);
    if (/forbidden/i.test(prompt)) return jimeng(50412, 'Text Risk Not Pass', null, 400);
    const w = Number(b.width ?? 1328);
    const h = Number(b.height ?? 1328);
    const [lo, hi] = reqKey.includes('v21')
      ? [256, 768]
      : reqKey.includes('v40')
        ? [1024, 4096]
        : [512, 2048];
    const refs = ((b.binary_data_base64 as unknown[]) ?? []).length;
    if (
      w < lo ||
      w > hi ||
      h < lo ||
      h > hi ||
      /broke/i.test(prompt) ||
      (refs && !reqKey.includes('v40'))
    )
      return jimeng(50215, 'Input invalid for this service.', { resp_data: '' }, 400);
    const id = String(BigInt(`0x${randomBytes(7).toString('hex')}`));
    jobs.set(id, { reqKey, prompt, width: w, height: h, looks: 0, refs });
    return jimeng(10000, 'Success', { task_id: id });
  }

  const server = await startFakeServer(async (req) => {
    const file = /^\/tos\/([\w-]+)\.png$/.exec(req.path);
    if (file) {
      const n = (fake.linkFetches.get(file[1]!) ?? 0) + 1;
      fake.linkFetches.set(file[1]!, n);
      const bytes = links.get(file[1]!);
      if (!bytes || n > 1)
        return {
          status: 403,
          headers: { 'content-type': 'application/xml' },
          body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
        };
      return { status: 200, headers: { 'content-type': 'image/png' }, body: bytes };
    }
    if (req.path === '/' && req.query.get('Version') === '2022-08-31') return visual(req);
    if (
      req.path === '/api/v3/images/generations' ||
      req.path === '/api/v3/contents/generations/tasks'
    ) {
      if (req.headers.authorization !== `Bearer ${fake.arkKey}`)
        return arkError(
          401,
          'AuthenticationError',
          'The API key in the request is missing or invalid.',
        );
      if (req.method === 'GET') return json(200, { items: [], total: 0 });
      return seedream(req);
    }
    if (req.path === '/v1/images/generations') {
      if (req.headers.authorization !== `Bearer ${fake.relayToken}`)
        return json(401, { error: { message: '无效的令牌', type: 'new_api_error' } });
      const r = await seedream(req);
      // New API answers a channel's error in OpenAI's envelope with the upstream's code.
      if (r.status >= 300) {
        const e = (JSON.parse(String(r.body)) as { error: { code: string; message: string } })
          .error;
        return json(r.status, {
          error: { message: e.message, type: 'upstream_error', param: '', code: e.code },
        });
      }
      return r;
    }
    return json(404, { error: `no route ${req.method} ${req.path}` });
  });
  fake.url = server.url;
  fake.requests = server.requests;
  return fake;
}
