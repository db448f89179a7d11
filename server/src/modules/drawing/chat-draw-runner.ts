import { zipSync } from 'fflate';
import type { AppContext } from '../../context.js';
import { format, languages, type Localized } from '../../http/messages.js';
import { renderRecipe } from '../../providers/image/demo-render.js';
import { generateImage, ImagesError } from '../../providers/image/openai-images.js';
import {
  PermanentError,
  TransientError,
  type StepOutcome,
  type TaskRow,
  type TaskRunner,
} from './runner-types.js';
import { ownedTasks, readOwnedImage } from './engine.js';
import { texts } from './messages.js';
import { modelById } from './models.js';

const fill = (text: Localized, params: Record<string, string | number>): Localized =>
  Object.fromEntries(languages.map((l) => [l, format(text, l, params)])) as Localized;

export interface ChatDrawParams {
  modelId: number;
  size: string;
}

/** `chat-draw`: one picture from a chat message, in one synchronous call. */
export function chatDrawRunner(ctx: AppContext): TaskRunner {
  const run = async (task: TaskRow, signal: AbortSignal): Promise<StepOutcome> => {
    const p = task.params as unknown as ChatDrawParams;
    const m = await modelById(ctx, p.modelId);
    if (!m) throw new PermanentError(fill(texts.modelNotFound, {}));
    const [w, h] = p.size.split('x').map(Number) as [number, number];
    if (m.demo) {
      const image = await renderRecipe(
        { prompt: task.prompt, aspect: `${w}:${h}`, steps: [{ kind: 'upscale', cell: 1 }] },
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
      if (error instanceof ImagesError) {
        if (error.transient) throw new TransientError(error.message);
        throw new PermanentError(fill(texts.upstreamRefused, { reason: error.message }));
      }
      throw error;
    }
  };
  return {
    kind: 'chat-draw',
    submit: (task, io) => run(task, io.signal),
    poll: (task, io) => run(task, io.signal),
  };
}

/** `zip`: the pictures of some of the owner's finished drawings in one file (free). */
export function zipRunner(ctx: AppContext): TaskRunner {
  const run = async (task: TaskRow): Promise<StepOutcome> => {
    const ids = (task.params as { taskIds?: number[] }).taskIds ?? [];
    const tasks = await ownedTasks(ctx, task.userId, ids, ['mj', 'chat-draw']);
    const files: Record<string, Uint8Array> = {};
    for (const t of tasks)
      for (const [i, image] of t.images.entries()) {
        const img = await readOwnedImage(ctx, task.userId, image.url);
        if (!img) continue;
        const ext = img.mime.split('/')[1] ?? 'png';
        files[`${t.id}-${t.action}${t.images.length > 1 ? `-${i + 1}` : ''}.${ext}`] = img.bytes;
      }
    if (Object.keys(files).length === 0) throw new PermanentError(fill(texts.nothingToZip, {}));
    // PNG and JPEG are compressed already: store them.
    const zip = Buffer.from(zipSync(files, { level: 0 }));
    return {
      type: 'done',
      files: [{ bytes: zip, name: `drawings-${task.id}.zip` }],
      data: { count: Object.keys(files).length },
    };
  };
  return { kind: 'zip', submit: run, poll: run };
}
