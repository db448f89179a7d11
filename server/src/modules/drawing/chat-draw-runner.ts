import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { failedWith } from '../../lib/failure-text.js';
import { formatAll } from '../../http/messages.js';
import { renderRecipe } from '../../providers/image/demo-render.js';
import { generateImage } from '../../providers/image/openai-images.js';
import { UpstreamError, type StepOutcome, type TaskRow, type TaskRunner } from '../tasks/index.js';
import { texts } from './messages.js';
import { modelById } from './models.js';

export const chatDrawParams = z.object({ modelId: z.number().int(), size: z.string() });
export type ChatDrawParams = z.infer<typeof chatDrawParams>;

/**
 * `chat-draw`: one picture from a chat message, in one synchronous call. (Zips of drawings are
 * the shared engine's `zip` kind.)
 */
export const chatDrawRunner: TaskRunner = {
  kind: 'chat-draw',
  submit: (task, io) => run(io.ctx, task, io.signal),
  poll: (task, io) => run(io.ctx, task, io.signal),
};

async function run(ctx: AppContext, task: TaskRow, signal: AbortSignal): Promise<StepOutcome> {
  const p = chatDrawParams.parse(task.params);
  const m = await modelById(ctx, p.modelId);
  if (!m) throw UpstreamError.permanent(formatAll(texts.modelNotFound, {}));
  const [w, h] = p.size.split('x').map(Number) as [number, number];
  if (m.demo) {
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
  try {
    const out = await generateImage({
      baseUrl: m.provider.baseUrl,
      apiKey: m.provider.apiKey,
      model: m.upstreamModel,
      prompt: task.prompt,
      size: p.size,
      timeoutMs: m.provider.timeoutMs,
      signal,
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
