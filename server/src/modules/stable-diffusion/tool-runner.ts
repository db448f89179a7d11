import { sharp } from '../../lib/sharp.js';
import type { AppContext } from '../../context.js';
import { failedFor } from '../../lib/failure-text.js';
import { formatAll } from '../../http/messages.js';
import { MidjourneyProxyClient, progressOf } from '../../providers/image/midjourney-proxy.js';
import { checkConnection as stabilityCheck } from '../../providers/image/stability.js';
import type { ProviderCheck } from '../providers/index.js';
import {
  demoFaceSwap,
  demoRemoveBackground,
  demoRepaint,
  demoRestore,
  demoUpscale,
} from '../../providers/image/sd-demo.js';
import {
  UpstreamError,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from '../tasks/index.js';
import type { SdProvider } from './catalogue.js';
import { texts } from './messages.js';
import { toolTaskParams } from './params.js';
import {
  a1111Of,
  deferred,
  demoProgress,
  ownedBytes,
  progressReporter,
  providerOf,
  rethrow,
} from './run-common.js';
import { pollComfy } from './comfy-run.js';
import { pictureDone, runOpenAIEdit, runStability, submitComfyTool } from './tool-upstreams.js';

const paramsOf = (t: TaskRow) => toolTaskParams.parse(t.params);

const done = pictureDone;

const b64 = (b: Buffer) => b.toString('base64');

/** How one protocol runs a toolbox operation: its submit and its poll (the map below). */
interface ToolProtocol {
  submit(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome>;
  poll(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome>;
  /** The console's "test connection" where the toolbox's kind is the protocol's home. */
  checkConnection?: ProviderCheck;
}

/** A synchronous upstream: named in `submit`, run in `poll`. */
const runInPoll = (
  run: (io: TaskIo, task: TaskRow, provider: SdProvider) => Promise<StepOutcome>,
): ToolProtocol => ({ submit: async (io, task) => deferred(io.ctx, task, false), poll: run });

/**
 * `sd-tool` by the protocol of the provider the operation is mapped to: AUTOMATIC1111
 * (extras, rembg, img2img with a mask), a midjourney-proxy (InsightFace swap, polled like its
 * other tasks), Stability (upscale, remove background), OpenAI edits (redraw, remix) or
 * ComfyUI (the operator's workflow per operation): see tool-upstreams.ts. A new protocol is
 * one line here.
 */
export const toolProtocols: Record<string, ToolProtocol> = {
  a1111: runInPoll(runA1111),
  midjourney: { submit: submitSwap, poll: pollSwap },
  stability: { ...runInPoll(runStability), checkConnection: stabilityCheck },
  openai: runInPoll(runOpenAIEdit),
  comfyui: {
    submit: submitComfyTool,
    poll: (io, task, provider) => pollComfy(io, task, provider, (png) => pictureDone(task, png)),
  },
};

/**
 * `sd-tool`: one toolbox operation on the owner's picture, by the offline demo (sharp) when
 * it has no provider, else by its provider's protocol (toolProtocols).
 */
export const toolRunner: TaskRunner = {
  kind: 'sd-tool',
  timeoutMs: 30 * 60_000,
  async submit(task, io) {
    const p = paramsOf(task);
    if (p.providerId === null) return deferred(io.ctx, task, true);
    const provider = await providerOf(io.ctx, task);
    const protocol = toolProtocols[provider.protocol];
    // No adapter: the poll says so.
    if (!protocol) return deferred(io.ctx, task, false);
    return protocol.submit(io, task, provider).catch(rethrow);
  },
  async poll(task, io) {
    const p = paramsOf(task);
    try {
      if (p.providerId === null) return demoProgress(io.ctx, task) ?? (await runDemo(io.ctx, task));
      const provider = await providerOf(io.ctx, task);
      const protocol = toolProtocols[provider.protocol];
      if (protocol) return await protocol.poll(io, task, provider);
    } catch (error) {
      rethrow(error);
    }
    throw UpstreamError.permanent(formatAll(texts.wrongProtocol, {}));
  },
};

async function runDemo(ctx: AppContext, task: TaskRow): Promise<StepOutcome> {
  const p = paramsOf(task);
  const image = await ownedBytes(ctx, task.userId, p.image);
  const mask = p.mask ? await ownedBytes(ctx, task.userId, p.mask) : null;
  let out;
  switch (p.op) {
    case 'upscale':
      out = await demoUpscale(image, p.scale);
      break;
    case 'restore':
      out = await demoRestore(image);
      break;
    case 'rembg':
      out = await demoRemoveBackground(image);
      break;
    case 'faceswap':
      out = await demoFaceSwap(await ownedBytes(ctx, task.userId, p.face ?? ''), image);
      break;
    case 'remix':
    case 'redraw':
      out = await demoRepaint(image, mask, task.prompt, p.seed, p.strength);
      break;
  }
  return done(task, out.png);
}

async function runA1111(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome> {
  const p = paramsOf(task);
  const client = a1111Of(provider);
  const image = await ownedBytes(io.ctx, task.userId, p.image);
  const o = p.options;
  switch (p.op) {
    case 'upscale':
      return done(
        task,
        await client.extras(
          {
            image: b64(image),
            resize_mode: 0,
            upscaling_resize: p.scale,
            upscaler_1: String(o.upscaler ?? 'R-ESRGAN 4x+'),
          },
          io.signal,
        ),
      );
    case 'restore': {
      const codeformer = o.restorer === 'CodeFormer';
      return done(
        task,
        await client.extras(
          {
            image: b64(image),
            resize_mode: 0,
            upscaling_resize: 1,
            gfpgan_visibility: codeformer ? 0 : 1,
            codeformer_visibility: codeformer ? 1 : 0,
            codeformer_weight: Number(o.codeformerWeight ?? 0.5),
          },
          io.signal,
        ),
      );
    }
    case 'rembg':
      return done(
        task,
        await client.removeBackground(b64(image), String(o.model ?? 'u2net'), io.signal),
      );
    case 'remix':
    case 'redraw':
      return done(task, await img2img(io, task, provider, image));
    default:
      throw UpstreamError.permanent(formatAll(texts.wrongProtocol, {}));
  }
}

async function img2img(io: TaskIo, task: TaskRow, provider: SdProvider, image: Buffer) {
  const p = paramsOf(task);
  const meta = await sharp(image).metadata();
  const mask = p.mask ? await ownedBytes(io.ctx, task.userId, p.mask) : null;
  const out = await a1111Of(provider).generate(
    {
      prompt: task.prompt,
      negative_prompt: String(p.options.negativePrompt ?? ''),
      seed: p.seed,
      sampler_name: String(p.options.sampler ?? 'Euler a'),
      steps: Number(p.options.steps ?? 20),
      cfg_scale: Number(p.options.cfgScale ?? 7),
      // A1111 wants multiples of 8.
      width: Math.max(64, Math.round((meta.width ?? 512) / 8) * 8),
      height: Math.max(64, Math.round((meta.height ?? 512) / 8) * 8),
      init_images: [b64(image)],
      denoising_strength: p.strength,
      ...(mask ? { mask: b64(mask), inpainting_fill: 1, mask_blur: 4 } : {}),
    },
    progressReporter(io.ctx, task),
    io.signal,
  );
  return out.png;
}

const proxyOf = (p: SdProvider) =>
  new MidjourneyProxyClient({
    baseUrl: p.baseUrl,
    secret: p.apiKey,
    flavour: 'trueai',
    timeoutMs: Math.min(p.timeoutMs, 60_000),
  });

async function submitSwap(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome> {
  const p = paramsOf(task);
  if (p.op !== 'faceswap') throw UpstreamError.permanent(formatAll(texts.wrongProtocol, {}));
  const face = await ownedBytes(io.ctx, task.userId, p.face ?? '');
  const target = await ownedBytes(io.ctx, task.userId, p.image);
  const dataUrl = (b: Buffer) => `data:image/png;base64,${b64(b)}`;
  const ok = await proxyOf(provider).swapFace(
    { sourceBase64: dataUrl(face), targetBase64: dataUrl(target) },
    io.signal,
  );
  return { type: 'submitted', upstreamId: ok.taskId, pollAfterMs: 1000, progress: 0 };
}

async function pollSwap(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome> {
  const t = await proxyOf(provider).fetchTask(task.upstreamId ?? '', io.signal);
  if (t.status === 'SUCCESS' && t.imageUrl) return { type: 'done', files: [{ url: t.imageUrl }] };
  if (t.status === 'FAILURE' || t.status === 'CANCEL')
    return {
      type: 'failed',
      ...failedFor(texts.upstreamFailed, t.failReason || t.status),
    };
  return { type: 'progress', progress: progressOf(t.progress), pollAfterMs: 1000 };
}
