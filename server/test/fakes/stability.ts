import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  pictureOf,
  sleep,
  startRawServer,
  type RawRequest,
  type RawResponse,
} from './multipart.js';

/**
 * Follows Stability's API reference (platform.stability.ai/docs/api-reference, "Generate" →
 * `/v2beta/stable-image/generate/sd3`, "Upscale", "Edit", "User" → `/v1/user/balance`) as the
 * public clients built from it read it: the `stability-ai` npm package 0.7.0
 * (`dist/v2beta/stable-image/generate.d.ts`: modes, aspect ratios, `jpeg | png` for SD3,
 * `strength` with `image`), tryAGI/StabilityAI (`CreateStableImageGenerateSd3Async`: the SD3.5
 * model names, `Accept: application/json` answering `{ image, seed, finish_reason }`) and the
 * `stability` Ruby gem (`Stability::Client#generate_sd3`: seed 0–4294967294, `image/*` bytes).
 *
 * A fake Stability API on 127.0.0.1: `POST /v2beta/stable-image/generate/sd3` (multipart;
 * text-to-image, or image-to-image with `image` + `strength`), answering the picture's bytes
 * (`Accept: image/*`, with `seed` and `finish-reason` headers) or `{ image, seed,
 * finish_reason }` (`Accept: application/json`); `GET /v1/user/balance`. Errors are `{ id, name,
 * errors }`: 401 for a wrong key, 400 for a bad field; a prompt containing "filtered" comes
 * back with finish reason `CONTENT_FILTERED` (a blurred picture, as the real one); "moderated"
 * is refused with 403 `content_moderation`. `failStatus` answers every call with that status;
 * `delayMs` waits before each answer; `slowMs` when the prompt contains "slow".
 * The toolbox's edits of the same family: `POST /v2beta/stable-image/upscale/fast` (4× the
 * picture, which must be 32–1536 px a side and at most 1,048,576 pixels),
 * `/upscale/conservative` (needs a `prompt`; about 4 megapixels) and
 * `/edit/remove-background` (a PNG whose border-coloured pixels are transparent); each takes
 * multipart `image` and `output_format`, answers alike, and is refused with 403
 * `content_moderation` while `moderate` is set.
 */
export interface FakeStability {
  url: string;
  secret: string;
  requests: RawRequest[];
  served: number;
  failStatus: number | null;
  delayMs: number;
  slowMs: number;
  moderate: boolean;
  close(): Promise<void>;
}

const ASPECTS = ['16:9', '1:1', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'];
const MODELS = [
  'sd3.5-large',
  'sd3.5-large-turbo',
  'sd3.5-medium',
  'sd3-large',
  'sd3-large-turbo',
  'sd3-medium',
];

const err = (status: number, name: string, errors: string[]): RawResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ id: randomUUID().replace(/-/g, ''), name, errors }),
});

export async function startFakeStability(): Promise<FakeStability> {
  const fake: FakeStability = {
    url: '',
    secret: `sk-${randomUUID()}`,
    requests: [],
    served: 0,
    failStatus: null,
    delayMs: 0,
    slowMs: 3000,
    moderate: false,
    close: async () => server.close(),
  };

  async function answer(req: RawRequest): Promise<RawResponse> {
    if (req.headers.authorization !== `Bearer ${fake.secret}`)
      return err(401, 'unauthorized', ['authorization: invalid or missing API key']);
    if (req.method === 'GET' && req.path === '/v1/user/balance')
      return { status: 200, body: JSON.stringify({ credits: 42.5 }) };
    const edit = EDITS[req.path];
    if (req.method !== 'POST' || (!edit && req.path !== '/v2beta/stable-image/generate/sd3'))
      return err(404, 'not_found', [`${req.method} ${req.path} not found`]);
    if (fake.delayMs) await sleep(fake.delayMs);
    if (fake.failStatus)
      return err(fake.failStatus, 'internal_error', ['An unexpected server error occurred.']);
    if (edit) {
      const out = await edit(req, fake.moderate);
      if ('status' in out) return out;
      fake.served += 1;
      return answerPicture(req, out.bytes, 0, 'SUCCESS', out.format);
    }
    const f = (k: string) => req.fields[k]?.[0];
    const prompt = f('prompt') ?? '';
    if (!prompt) return err(400, 'bad_request', ['prompt: cannot be empty']);
    if (prompt.includes('slow')) await sleep(fake.slowMs);
    const mode = f('mode') ?? 'text-to-image';
    const image = req.files.image?.[0];
    if (mode === 'image-to-image') {
      if (!image) return err(400, 'bad_request', ['image: required for image-to-image']);
      const s = Number(f('strength'));
      if (!(s >= 0 && s <= 1))
        return err(400, 'bad_request', ['strength: must be between 0 and 1']);
    } else if (mode !== 'text-to-image')
      return err(400, 'bad_request', [`mode: invalid value ${mode}`]);
    const aspect = f('aspect_ratio') ?? '1:1';
    if (!ASPECTS.includes(aspect))
      return err(400, 'bad_request', [`aspect_ratio: must be one of ${ASPECTS.join(', ')}`]);
    const model = f('model') ?? 'sd3.5-large';
    if (!MODELS.includes(model)) return err(400, 'bad_request', [`model: invalid value ${model}`]);
    const cfg = f('cfg_scale');
    if (cfg !== undefined && !(Number(cfg) >= 1 && Number(cfg) <= 10))
      return err(400, 'bad_request', ['cfg_scale: must be between 1 and 10']);
    const format = f('output_format') ?? 'png';
    if (format !== 'png' && format !== 'jpeg')
      return err(400, 'bad_request', ['output_format: must be png or jpeg']);
    if (prompt.includes('moderated'))
      return err(403, 'content_moderation', [
        'Your request was flagged by our content moderation system.',
      ]);
    const seedField = f('seed');
    const seed =
      seedField && Number(seedField) > 0 ? Number(seedField) : 1 + Math.floor(Math.random() * 4e9);
    const [aw, ah] = aspect.split(':').map(Number) as [number, number];
    const filtered = prompt.includes('filtered');
    const bytes = await pictureOf(
      `${prompt}|${seed}|${image ? image.bytes.length : 0}`,
      64 * aw,
      64 * ah,
      format,
    );
    fake.served += 1;
    return answerPicture(req, bytes, seed, filtered ? 'CONTENT_FILTERED' : 'SUCCESS', format);
  }

  const server = await startRawServer(answer);
  fake.url = server.url;
  fake.requests = server.requests;
  return fake;
}

/** A picture as Stability answers it: bytes with headers, or base64 JSON when asked. */
function answerPicture(
  req: RawRequest,
  bytes: Buffer,
  seed: number,
  finish: string,
  format: string,
): RawResponse {
  if ((req.headers.accept ?? '').includes('application/json'))
    return {
      status: 200,
      body: JSON.stringify({ image: bytes.toString('base64'), seed, finish_reason: finish }),
    };
  return {
    status: 200,
    headers: { 'content-type': `image/${format}`, seed: String(seed), 'finish-reason': finish },
    body: bytes,
  };
}

type Edit = (
  req: RawRequest,
  moderate: boolean,
) => Promise<{ bytes: Buffer; format: string } | RawResponse>;

/** The picture of an edit call, checked as the real endpoints check it. */
async function sourceOf(req: RawRequest, moderate: boolean) {
  const image = req.files.image?.[0];
  if (!image) return err(400, 'bad_request', ['image: required']);
  const format = req.fields.output_format?.[0] ?? 'png';
  if (!['png', 'jpeg', 'webp'].includes(format))
    return err(400, 'bad_request', ['output_format: must be png, jpeg or webp']);
  if (moderate)
    return err(403, 'content_moderation', [
      'Your request was flagged by our content moderation system.',
    ]);
  try {
    const meta = await sharp(image.bytes).metadata();
    return { bytes: image.bytes, width: meta.width ?? 0, height: meta.height ?? 0, format };
  } catch {
    return err(400, 'bad_request', ['image: could not be decoded']);
  }
}

const resized = async (
  s: { bytes: Buffer; format: string },
  width: number,
  height: number,
): Promise<{ bytes: Buffer; format: string }> => ({
  bytes: await sharp(s.bytes)
    .resize(width, height, { fit: 'fill' })
    .toFormat(s.format as 'png')
    .toBuffer(),
  format: s.format,
});

const EDITS: Record<string, Edit | undefined> = {
  '/v2beta/stable-image/upscale/fast': async (req, moderate) => {
    const s = await sourceOf(req, moderate);
    if ('status' in s) return s;
    if (Math.min(s.width, s.height) < 32 || Math.max(s.width, s.height) > 1536)
      return err(400, 'bad_request', ['image: each side must be between 32 and 1536 pixels']);
    if (s.width * s.height > 1_048_576)
      return err(400, 'bad_request', ['image: must have at most 1,048,576 pixels']);
    return resized(s, s.width * 4, s.height * 4);
  },
  '/v2beta/stable-image/upscale/conservative': async (req, moderate) => {
    if (!req.fields.prompt?.[0]) return err(400, 'bad_request', ['prompt: cannot be empty']);
    const s = await sourceOf(req, moderate);
    if ('status' in s) return s;
    const k = Math.sqrt(4_000_000 / (s.width * s.height));
    return resized(s, Math.round(s.width * k), Math.round(s.height * k));
  },
  '/v2beta/stable-image/edit/remove-background': async (req, moderate) => {
    const s = await sourceOf(req, moderate);
    if ('status' in s) return s;
    const { data, info } = await sharp(s.bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
    for (let i = 0; i < info.width * info.height; i++) {
      const d =
        Math.abs(data[i * 4]! - r0) +
        Math.abs(data[i * 4 + 1]! - g0) +
        Math.abs(data[i * 4 + 2]! - b0);
      if (d < 60) data[i * 4 + 3] = 0;
    }
    const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png()
      .toBuffer();
    return { bytes: png, format: 'png' };
  },
};
