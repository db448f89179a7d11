import { z } from 'zod';
import { failedWith } from '../../lib/failure-text.js';
import { renderRecipe } from '../../providers/image/demo-render.js';
import { generateImage } from '../../providers/image/openai-images.js';
import { newApiV1 } from '../../providers/newapi.js';
import type { KindAdapter, KindJob } from '../kind-kit/index.js';
import { UpstreamError, type StepOutcome } from '../tasks/index.js';
import { texts } from './messages.js';

export const chatDrawParams = z.object({ modelId: z.number().int(), size: z.string() });
export type ChatDrawParams = z.infer<typeof chatDrawParams>;

/** What a chat drawing's step adds: the prompt drawn and the picture's size. */
export const chatDrawData = z.looseObject({
  finalPrompt: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type ChatDrawData = z.infer<typeof chatDrawData>;

type ChatDrawJob = KindJob<ChatDrawParams, ChatDrawData>;

const sizeOf = (p: ChatDrawParams) => p.size.split('x').map(Number) as [number, number];

/** The offline demo: the picture painted here, from the words. */
async function runDemo({ task, params: p }: ChatDrawJob): Promise<StepOutcome> {
  const [w, h] = sizeOf(p);
  const image = await renderRecipe(
    {
      prompt: task.prompt,
      // Each drawing its own picture (the same words twice differ), stable across retries.
      seed: task.id,
      aspect: `${w}:${h}`,
      steps: [{ kind: 'upscale', cell: 1 }],
    },
    Math.min(Math.max(w, h), 1024),
  );
  return {
    type: 'done',
    files: [{ bytes: image.png, name: 'chat-draw.png' }],
    data: { finalPrompt: task.prompt, width: image.width, height: image.height },
  };
}

/** One OpenAI images call (DALL·E, gpt-image, a relay). */
async function runOpenAi({ task, params: p, model: m, io }: ChatDrawJob): Promise<StepOutcome> {
  const [w, h] = sizeOf(p);
  try {
    const out = await generateImage({
      baseUrl: m.provider.baseUrl,
      apiKey: m.provider.apiKey,
      model: m.upstreamModel,
      prompt: task.prompt,
      size: p.size,
      timeoutMs: m.provider.timeoutMs,
      signal: io.signal,
    });
    return {
      type: 'done',
      files: [out.bytes ? { bytes: out.bytes, name: 'chat-draw.png' } : { url: out.url! }],
      data: { finalPrompt: out.revisedPrompt ?? task.prompt, width: w, height: h },
    };
  } catch (error) {
    if (error instanceof UpstreamError && !error.transient && !error.text)
      throw error.withText(failedWith(texts.upstreamRefused, error));
    throw error;
  }
}

/** The same call on New API's `<root>/v1` (its base URL is the relay's root). */
const runOnNewApi = (j: ChatDrawJob) =>
  runOpenAi({
    ...j,
    model: {
      ...j.model,
      provider: { ...j.model.provider, baseUrl: newApiV1(j.model.provider.baseUrl) },
    },
  });

/**
 * `chat-draw`'s adapters by provider protocol: one picture from a chat message, in one
 * synchronous call (submit and poll alike). (Zips of drawings are the engine's `zip` kind.)
 */
export const chatDrawProtocols: Record<
  'openai' | 'newapi' | 'demo',
  KindAdapter<ChatDrawParams, ChatDrawData>
> = {
  openai: { submit: runOpenAi, poll: runOpenAi },
  newapi: { submit: runOnNewApi, poll: runOnNewApi },
  demo: { submit: runDemo, poll: runDemo },
};
