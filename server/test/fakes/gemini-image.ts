import { randomUUID } from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse } from './http.js';
import { pictureOf } from './multipart.js';

/**
 * A fake Gemini API for the image models ("nano-banana") on 127.0.0.1, following ai.google.dev
 * ("Image generation", `models.generateContent`) and the request and answer models of
 * comfyanonymous/ComfyUI `comfy_api_nodes/apis/gemini.py` (`GeminiImageGenerateContentRequest`,
 * `GeminiGenerateContentResponse`, `GeminiPromptFeedback`):
 * - `POST /v1beta/models/{model}:generateContent` with `x-goog-api-key` (or `?key=`): the
 *   reference pictures as `inlineData` (or `inline_data`) parts and the prompt as a text part;
 *   answers a candidate with a text part and an `inlineData` PNG of the `imageConfig.aspectRatio`
 *   asked (an unknown ratio is a 400 `INVALID_ARGUMENT`), and `usageMetadata`;
 * - refusals as Gemini answers them: a prompt with "forbidden" gets `promptFeedback.blockReason:
 *   PROHIBITED_CONTENT` and no candidate, "unsafe" a candidate with `finishReason: IMAGE_SAFETY`
 *   and no parts, "chatty" a text-only answer (the model declines in words); `quota` set: 429
 *   `RESOURCE_EXHAUSTED`; a wrong key: 400 `INVALID_ARGUMENT` "API key not valid" (Gemini's own);
 * - `GET /v1beta/models` lists the models.
 */
export interface FakeGeminiImage {
  url: string;
  secret: string;
  requests: FakeRequest[];
  quota: boolean;
  close(): Promise<void>;
}

const RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];

const json = (status: number, body: unknown): FakeResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
  body: JSON.stringify(body),
});
const error = (code: number, status: string, message: string) =>
  json(code, { error: { code, message, status } });

interface Part {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
  inline_data?: { mime_type?: string; data?: string };
}

export async function startFakeGeminiImage(): Promise<FakeGeminiImage> {
  const fake: FakeGeminiImage = {
    url: '',
    secret: `AIza${randomUUID().replace(/-/g, '')}`,
    requests: [],
    quota: false,
    close: async () => server.close(),
  };

  async function answer(req: FakeRequest): Promise<FakeResponse> {
    const key = req.headers['x-goog-api-key'] ?? req.query.get('key');
    if (key !== fake.secret)
      return error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    if (req.method === 'GET' && req.path === '/v1beta/models')
      return json(200, {
        models: ['gemini-2.5-flash-image', 'gemini-3-pro-image-preview'].map((m) => ({
          name: `models/${m}`,
          supportedGenerationMethods: ['generateContent', 'countTokens'],
        })),
      });
    const model = /^\/v1beta\/models\/([\w.-]+):generateContent$/.exec(req.path)?.[1];
    if (req.method !== 'POST' || !model)
      return error(404, 'NOT_FOUND', `models/${model ?? '?'} is not found for API version v1beta`);
    if (fake.quota)
      return error(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
      );
    let b: {
      contents?: Array<{ parts?: Part[] }>;
      generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
    };
    try {
      b = JSON.parse(req.body) as typeof b;
    } catch {
      return error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const parts = b.contents?.flatMap((c) => c.parts ?? []) ?? [];
    const prompt = parts
      .map((p) => p.text ?? '')
      .join(' ')
      .trim();
    const refs = parts.filter((p) => p.inlineData?.data || p.inline_data?.data).length;
    if (!parts.length)
      return error(
        400,
        'INVALID_ARGUMENT',
        '* GenerateContentRequest.contents: contents is not specified',
      );
    const ratio = b.generationConfig?.imageConfig?.aspectRatio ?? '1:1';
    if (!RATIOS.includes(ratio))
      return error(400, 'INVALID_ARGUMENT', `Unsupported aspect ratio: ${ratio}`);
    const usage = { promptTokenCount: 10 + refs * 258, candidatesTokenCount: 1290 };
    if (/forbidden/i.test(prompt))
      return json(200, {
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
        usageMetadata: usage,
      });
    if (/unsafe/i.test(prompt))
      return json(200, {
        candidates: [
          { content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY', index: 0 },
        ],
        usageMetadata: usage,
        modelVersion: model,
      });
    const wantsImage = b.generationConfig?.responseModalities?.includes('IMAGE') ?? false;
    if (/chatty/i.test(prompt) || !wantsImage)
      return json(200, {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [{ text: 'I can describe it, but here is no picture.' }],
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: usage,
        modelVersion: model,
      });
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const png = await pictureOf(`${prompt}#${refs}`, Math.round(64 * w), Math.round(64 * h));
    return json(200, {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: `Here is ${prompt}.` },
              { inlineData: { mimeType: 'image/png', data: png.toString('base64') } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: usage,
      modelVersion: model,
    });
  }

  const server = await startFakeServer(answer);
  fake.url = server.url;
  fake.requests = server.requests;
  return fake;
}
