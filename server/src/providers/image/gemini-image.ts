import type { Localized } from '../../http/messages.js';
import { retryOfStatus, UpstreamError } from '../errors.js';
import { callText as call } from '../json-call.js';
import { explain } from './openai-images.js';

/**
 * Gemini image models ("nano-banana": `gemini-2.5-flash-image`, `gemini-3-pro-image-preview`)
 * through the Gemini API (ai.google.dev, "Image generation"; the request and answer models as
 * comfyanonymous/ComfyUI `comfy_api_nodes/apis/gemini.py` writes them):
 * `POST {base}/v1beta/models/{model}:generateContent` with the key in `x-goog-api-key`, one user
 * content of the reference pictures as `inlineData` parts and the prompt as a text part,
 * `generationConfig.responseModalities: ["TEXT", "IMAGE"]` and `imageConfig.aspectRatio`;
 * synchronous, the picture comes back as an `inlineData` part (base64). No picture and a
 * `promptFeedback.blockReason` or a candidate's `finishReason` other than `STOP` (`SAFETY`,
 * `IMAGE_SAFETY`, `PROHIBITED_CONTENT`…) is a refusal; a text-only answer is the model declining
 * in words. Errors are `{ error: { code, message, status } }` (`INVALID_ARGUMENT`,
 * `RESOURCE_EXHAUSTED` for a quota, `PERMISSION_DENIED`). New API relays the same path on its
 * root (`/v1beta/models/…`, its token in `x-goog-api-key`: `middleware/auth.go`).
 */

export interface GeminiImageInput {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  model: string;
  prompt: string;
  aspectRatio?: string;
  /** Pictures to edit from or combine (several references at once). */
  images?: Array<{ bytes: Buffer; mime: string }>;
}

export interface GeminiImageResult {
  bytes: Buffer;
  mime: string;
  /** What the model said beside the picture, if anything. */
  text: string | null;
}

const blocked: Localized = {
  'zh-CN': '内容审核拦截了这张图片（未扣费）',
  'en-US': 'The content filter blocked this picture (nothing was charged)',
  'zh-TW': '內容審核攔截了這張圖片（未扣費）',
};

const base = (url: string) => url.replace(/\/+$/, '');

interface Part {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
  inline_data?: { mime_type?: string; data?: string };
  thought?: boolean;
}

function errorOf(status: number, text: string): UpstreamError {
  let message = `HTTP ${status}`;
  try {
    const e = (JSON.parse(text) as { error?: { message?: string; status?: string } }).error;
    if (e) message = [e.status, e.message].filter(Boolean).join(': ') || message;
  } catch {
    // Not JSON: keep the status.
  }
  return new UpstreamError(message.slice(0, 300), retryOfStatus(status), 'http', { status });
}

const headers = (key: string | null) => ({
  'content-type': 'application/json',
  ...(key ? { 'x-goog-api-key': key } : {}),
});

/** One picture, drawn from the prompt or edited from the references. */
export async function generateGeminiImage(input: GeminiImageInput): Promise<GeminiImageResult> {
  const parts: Part[] = [
    ...(input.images ?? []).map((i) => ({
      inlineData: { mimeType: i.mime, data: i.bytes.toString('base64') },
    })),
    { text: input.prompt },
  ];
  const body = {
    contents: [{ role: 'user', parts }],
    generationConfig: {
      responseModalities: ['TEXT', 'IMAGE'],
      ...(input.aspectRatio ? { imageConfig: { aspectRatio: input.aspectRatio } } : {}),
    },
  };
  const model = input.model.replace(/^models\//, '');
  const { status, text } = await call(
    `${base(input.baseUrl)}/v1beta/models/${encodeURIComponent(model)}:generateContent`,
    { method: 'POST', headers: headers(input.apiKey), body: JSON.stringify(body) },
    input,
  );
  if (status >= 300) throw errorOf(status, text);
  let answer: {
    candidates?: Array<{ content?: { parts?: Part[] }; finishReason?: string }>;
    promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw UpstreamError.transient('the answer is not JSON', 'answer');
  }
  const candidate = answer.candidates?.[0];
  const got = candidate?.content?.parts ?? [];
  const image = got
    .filter((p) => !p.thought)
    .map((p) =>
      p.inlineData
        ? { data: p.inlineData.data, mime: p.inlineData.mimeType }
        : p.inline_data
          ? { data: p.inline_data.data, mime: p.inline_data.mime_type }
          : null,
    )
    .find((d) => d?.data && d.mime?.startsWith('image/'));
  const said =
    got
      .filter((p) => p.text && !p.thought)
      .map((p) => p.text)
      .join(' ')
      .trim() || null;
  if (image?.data)
    return { bytes: Buffer.from(image.data, 'base64'), mime: image.mime!, text: said };
  const reason =
    answer.promptFeedback?.blockReason ??
    (candidate?.finishReason && candidate.finishReason !== 'STOP' ? candidate.finishReason : null);
  if (reason)
    throw UpstreamError.permanent(
      {
        'zh-CN': `${blocked['zh-CN']}：${reason}`,
        'en-US': `${blocked['en-US']}: ${reason}`,
        'zh-TW': `${blocked['zh-TW']}：${reason}`,
      },
      'banned',
    );
  // The model answered in words only (it declined, or asked something back).
  throw new UpstreamError(
    said ? `no picture: ${said.slice(0, 280)}` : 'the answer has no picture',
    'permanent',
    'answer',
  );
}

/** The console's "test connection": `GET {base}/v1beta/models?pageSize=1` with the key. */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const url = `${base(p.baseUrl)}/v1beta/models?pageSize=1`;
  try {
    const { status, text } = await call(
      url,
      { method: 'GET', headers: headers(p.apiKey) },
      { timeoutMs: p.timeoutMs, ...(signal ? { signal } : {}) },
    );
    if (status >= 300) throw errorOf(status, text);
    JSON.parse(text);
    return 'the key lists the Gemini models';
  } catch (e) {
    if (e instanceof SyntaxError)
      throw UpstreamError.transient(`${url} answered something that is not JSON`, 'answer');
    throw explain(e, p.baseUrl);
  }
}
