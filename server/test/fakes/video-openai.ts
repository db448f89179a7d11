import sharp from 'sharp';
import { json, type FakeRequest, type FakeResponse } from './http.js';

/**
 * OpenAI's `/v1/videos` as the fake video upstream serves it. Source: openai/openai-node
 * `src/resources/videos.ts` (`VideoCreateParams`: multipart `prompt`, `model`, `seconds`
 * '4'|'8'|'12', `size` '720x1280'|'1280x720'|'1024x1792'|'1792x1024', `input_reference`;
 * `Video` `{id, object:"video", status, progress, seconds, size, error{code,message}}`;
 * `/content`, `/remix {prompt}`). Errors are OpenAI's `{error:{message,type,param,code}}`;
 * a size or seconds outside the lists, and an `input_reference` whose pixels differ from the
 * asked size, are refused with 400 as the service does.
 */
export const OPENAI_VIDEO_SIZES = ['720x1280', '1280x720', '1024x1792', '1792x1024'];
export const OPENAI_VIDEO_SECONDS = ['4', '8', '12'];

export interface OpenAiVideoForm {
  fields: Record<string, string>;
  /** The reference picture as the fake read it. */
  reference?: { type: string; width: number; height: number };
}

const invalid = (param: string, message: string) =>
  json(400, { error: { message, type: 'invalid_request_error', param, code: 'invalid_value' } });

/**
 * Reads and checks a create call; a refusal is the answer to send, else the form read.
 */
export async function readOpenAiCreate(
  req: FakeRequest,
): Promise<{ refused: FakeResponse } | { form: OpenAiVideoForm }> {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data'))
    return { refused: invalid('prompt', 'Expected multipart/form-data') };
  const data = await new Response(new Uint8Array(req.bytes), {
    headers: { 'content-type': type },
  }).formData();
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of data.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'input_reference') file = value;
  }
  if (!fields.prompt)
    return { refused: invalid('prompt', "Missing required parameter: 'prompt'.") };
  const size = fields.size ?? '720x1280';
  if (!OPENAI_VIDEO_SIZES.includes(size))
    return {
      refused: invalid(
        'size',
        `Invalid value: '${size}'. Supported values are: '720x1280', '1280x720', '1024x1792', and '1792x1024'.`,
      ),
    };
  const seconds = fields.seconds ?? '4';
  if (!OPENAI_VIDEO_SECONDS.includes(seconds))
    return {
      refused: invalid(
        'seconds',
        `Invalid value: '${seconds}'. Supported values are: '4', '8', and '12'.`,
      ),
    };
  const form: OpenAiVideoForm = { fields };
  if (file) {
    const meta = await sharp(Buffer.from(await file.arrayBuffer()))
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height)
      return { refused: invalid('input_reference', 'Invalid image file.') };
    form.reference = { type: file.type, width: meta.width, height: meta.height };
    if (`${meta.width}x${meta.height}` !== size)
      return {
        refused: invalid(
          'input_reference',
          'Inpaint image must match the requested width and height',
        ),
      };
  }
  return { form };
}
