import { sharp } from '../../lib/sharp.js';
import { formatAll } from '../../http/messages.js';
import { fillWorkflow, type ComfyGraph } from '../../providers/image/comfyui.js';
import { editImages } from '../../providers/image/openai-images.js';
import { editStability } from '../../providers/image/stability.js';
import { UpstreamError, type StepOutcome, type TaskIo, type TaskRow } from '../tasks/index.js';
import type { SdProvider } from './catalogue.js';
import { comfyOf, queueComfy } from './comfy-run.js';
import { comfyWorkflowOf } from './comfy-workflows.js';
import { texts } from './messages.js';
import { toolTaskParams } from './params.js';
import { ownedBytes } from './run-common.js';

/**
 * The toolbox operations served by hosted APIs, each one synchronous call: Stability's upscale
 * and background removal, OpenAI's image edits for redraw (with the mask) and remix (without);
 * and by ComfyUI through the operator's workflow for that operation.
 */

const paramsOf = (t: TaskRow) => toolTaskParams.parse(t.params);
const wrong = () => UpstreamError.permanent(formatAll(texts.wrongProtocol, {}));

/**
 * Stability: `upscale/fast` (always 4×; option `upscaleMode: conservative` for the slower one
 * that takes the prompt) then sized to the scale asked for, or `edit/remove-background`.
 */
export async function runStability(
  io: TaskIo,
  task: TaskRow,
  provider: SdProvider,
): Promise<StepOutcome> {
  const p = paramsOf(task);
  if (p.op !== 'upscale' && p.op !== 'rembg') throw wrong();
  const bytes = await ownedBytes(io.ctx, task.userId, p.image);
  const png = await sharp(bytes).png().toBuffer();
  const conservative = p.options.upscaleMode === 'conservative';
  const out = await editStability({
    baseUrl: provider.baseUrl,
    apiKey: provider.apiKey,
    timeoutMs: provider.timeoutMs,
    signal: io.signal,
    operation:
      p.op === 'rembg'
        ? 'edit/remove-background'
        : conservative
          ? 'upscale/conservative'
          : 'upscale/fast',
    image: { bytes: png, name: 'image.png', mime: 'image/png' },
    prompt: task.prompt,
    seed: p.seed,
  });
  return pictureDone(task, p.op === 'upscale' ? await sized(out.bytes, bytes, p.scale) : out.bytes);
}

/** The upstream's upscale at exactly `scale` × the source (fast is 4×, conservative ~4 MP). */
async function sized(upscaled: Buffer, source: Buffer, scale: number): Promise<Buffer> {
  const [src, out] = await Promise.all([sharp(source).metadata(), sharp(upscaled).metadata()]);
  const width = (src.width ?? 0) * scale;
  const height = (src.height ?? 0) * scale;
  if (!width || (out.width === width && out.height === height)) return upscaled;
  return sharp(upscaled)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/**
 * OpenAI edits (`POST /images/edits`, option `model`, default `gpt-image-1`): redraw sends the
 * toolbox mask turned into OpenAI's (transparent where to paint), remix the picture alone.
 */
export async function runOpenAIEdit(
  io: TaskIo,
  task: TaskRow,
  provider: SdProvider,
): Promise<StepOutcome> {
  const p = paramsOf(task);
  if (p.op !== 'redraw' && p.op !== 'remix') throw wrong();
  const source = await ownedBytes(io.ctx, task.userId, p.image);
  const image = await sharp(source).png().toBuffer({ resolveWithObject: true });
  const mask = p.mask
    ? await openAIMask(
        await ownedBytes(io.ctx, task.userId, p.mask),
        image.info.width,
        image.info.height,
      )
    : undefined;
  const [first] = await editImages({
    baseUrl: provider.baseUrl,
    apiKey: provider.apiKey,
    timeoutMs: provider.timeoutMs,
    signal: io.signal,
    model: String(p.options.model ?? 'gpt-image-1'),
    prompt: task.prompt || 'the same picture',
    n: 1,
    images: [{ bytes: image.data, name: 'image.png', mime: 'image/png' }],
    ...(mask ? { mask: { bytes: mask, name: 'mask.png' } } : {}),
  });
  // DALL·E 2 answers a link (it expires): the engine copies it at once, like any result.
  if (first?.url) return { type: 'done', files: [{ url: first.url }], data: { etaSeconds: 0 } };
  return pictureDone(task, first!.bytes!);
}

/** Our mask (white where to redraw) as OpenAI's: the picture's size, transparent where to paint. */
async function openAIMask(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const grey = await sharp(mask)
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#000000' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = 255 - grey[i]!;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * ComfyUI: the picture (and mask) go up with `POST /upload/image`, their names into the mapped
 * LoadImage nodes, the prompt, seed and scale into theirs; the run is then polled like the
 * square's (comfy-run.ts).
 */
export async function submitComfyTool(
  io: TaskIo,
  task: TaskRow,
  provider: SdProvider,
): Promise<StepOutcome> {
  const p = paramsOf(task);
  const wf = await comfyWorkflowOf(io.ctx, provider.id, p.op);
  if (!wf) throw UpstreamError.permanent(formatAll(texts.notComfy, {}));
  const client = comfyOf(provider);
  const source = await sharp(await ownedBytes(io.ctx, task.userId, p.image))
    .png()
    .toBuffer({ resolveWithObject: true });
  const image = await client.uploadImage(source.data, `atelier-${task.id}.png`, io.signal);
  const mask =
    p.mask && wf.mapping.mask
      ? await client.uploadImage(
          await sharp(await ownedBytes(io.ctx, task.userId, p.mask))
            .png()
            .toBuffer(),
          `atelier-${task.id}-mask.png`,
          io.signal,
        )
      : undefined;
  const graph = fillWorkflow(wf.workflow as ComfyGraph, wf.mapping, {
    prompt: task.prompt,
    negativePrompt: String(p.options.negativePrompt ?? ''),
    seed: p.seed,
    width: source.info.width,
    height: source.info.height,
    checkpoint: String(p.options.checkpoint ?? ''),
    steps: Number(p.options.steps ?? 20),
    cfgScale: Number(p.options.cfgScale ?? 7),
    image,
    ...(mask ? { mask } : {}),
    scale: p.scale,
  });
  return queueComfy(io, provider, graph, wf.mapping.output);
}

export const pictureDone = (task: TaskRow, png: Buffer): StepOutcome => ({
  type: 'done',
  files: [{ bytes: png, name: `${paramsOf(task).op}-${task.id}.png` }],
  data: { etaSeconds: 0 },
});
