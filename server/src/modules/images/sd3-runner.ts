import type { AppContext } from '../../context.js';
import { renderDemoImage } from '../../providers/image/demo-images.js';
import { checkConnection, generateSd3 } from '../../providers/image/stability.js';
import type { KindAdapter, KindJob } from '../kind-kit/index.js';
import type { StepOutcome, TaskRow } from '../tasks/index.js';
import { demoStep, picturesOf, worded } from './image-runner.js';
import { imageModelOf, type ImageModelRow } from './models.js';
import type { ImageTaskData, Sd3TaskParams } from './params.js';

interface Sd3Run {
  ctx: AppContext;
  task: TaskRow;
  p: Sd3TaskParams;
  f: Sd3TaskParams['form'];
  m: ImageModelRow;
  init: Awaited<ReturnType<typeof picturesOf>>[number] | null;
  name: string;
  signal: AbortSignal;
}

/** The demo: painted offline after a few steps, the negative prompt changing the painting. */
function runDemo({ ctx, task, p, f, init, name }: Sd3Run): Promise<StepOutcome> {
  return demoStep(ctx, task, async () => {
    const seed = p.seed ?? task.id;
    const img = await renderDemoImage({
      // The negative prompt's words change the painting as they would upstream.
      prompt: [task.prompt, f.stylePreset, f.negativePrompt && `no ${f.negativePrompt}`]
        .filter(Boolean)
        .join(' '),
      seed,
      aspect: f.aspectRatio,
      long: 1024,
      ...(init ? { base: init.bytes, strength: f.strength ?? 0.6 } : {}),
      format: f.outputFormat,
    });
    return {
      type: 'done',
      files: [{ bytes: img.png, name }],
      data: { finalPrompt: task.prompt, params: { seed } },
    };
  });
}

/** Stability's Stable Image API: text-to-image or image-to-image in one call. */
async function runStability({ task, p, f, m, init, name, signal }: Sd3Run): Promise<StepOutcome> {
  try {
    const out = await generateSd3({
      baseUrl: m.provider.baseUrl,
      apiKey: m.provider.apiKey,
      timeoutMs: m.provider.timeoutMs,
      signal,
      prompt: task.prompt,
      model: m.upstreamModel,
      aspectRatio: f.aspectRatio,
      outputFormat: f.outputFormat,
      ...(init ? { image: init, strength: f.strength ?? 0.6 } : {}),
      ...(p.seed !== null ? { seed: p.seed } : {}),
      ...(f.negativePrompt ? { negativePrompt: f.negativePrompt } : {}),
      ...(f.cfgScale !== undefined ? { cfgScale: f.cfgScale } : {}),
      ...(f.stylePreset ? { stylePreset: f.stylePreset } : {}),
    });
    return {
      type: 'done',
      files: [{ bytes: out.bytes, name }],
      data: { finalPrompt: task.prompt, params: out.seed !== null ? { seed: out.seed } : {} },
    };
  } catch (error) {
    return worded(error);
  }
}

/**
 * An `sd3` adapter: one Stability SD3 picture, text-to-image (`generate`) or image-to-image
 * with a strength (`image-to-image`), in one synchronous multipart call (submit and poll
 * alike). The seed the upstream used is kept (`data.params.seed`) so "draw the same" can lock
 * it.
 */
function sd3Adapter(
  run: (r: Sd3Run) => Promise<StepOutcome>,
): KindAdapter<Sd3TaskParams, ImageTaskData> {
  const step = async ({ task, params: p, model, io }: KindJob<Sd3TaskParams, ImageTaskData>) => {
    const f = p.form;
    const init =
      f.mode === 'image-to-image' && f.image
        ? (await picturesOf(io.ctx, task.userId, [f.image]))[0]!
        : null;
    const name = `sd3-${task.id}.${f.outputFormat === 'jpeg' ? 'jpg' : 'png'}`;
    const m = imageModelOf('sd3', model);
    return run({ ctx: io.ctx, task, p, f, m, init, name, signal: io.signal });
  };
  return { submit: step, poll: step };
}

/** The `sd3` kind's adapters by provider protocol. */
export const sd3Protocols = {
  stability: { ...sd3Adapter(runStability), checkConnection },
  demo: sd3Adapter(runDemo),
};
