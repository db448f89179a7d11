import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import { checkConnection as a1111Check } from '../../providers/image/a1111.js';
import {
  checkConnection as comfyCheck,
  fillWorkflow,
  type ComfyGraph,
} from '../../providers/image/comfyui.js';
import type { ProviderCheck } from '../providers/index.js';
import { demoPicture } from '../../providers/image/sd-demo.js';
import {
  UpstreamError,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from '../tasks/index.js';
import type { SdProvider } from './catalogue.js';
import { pollComfy, queueComfy } from './comfy-run.js';
import { comfyWorkflowOf } from './comfy-workflows.js';
import { texts } from './messages.js';
import { sdTaskParams } from './params.js';
import {
  a1111Of,
  deferred,
  demoProgress,
  progressReporter,
  providerOf,
  rethrow,
} from './run-common.js';

export type { SdTaskParams } from './params.js';

const paramsOf = (t: TaskRow) => sdTaskParams.parse(t.params);

const done = (task: TaskRow, png: Buffer, seed?: number | null): StepOutcome => ({
  type: 'done',
  files: [{ bytes: png, name: `sd-${task.id}.png` }],
  data: { seed: seed ?? paramsOf(task).seed, etaSeconds: 0 },
});

/** How one protocol makes an `sd` picture: its submit and its poll (the adapter map below). */
interface SdProtocol {
  submit(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome>;
  poll(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome>;
  /** The console's "test connection" (the demo's is chat's). */
  checkConnection?: ProviderCheck;
}

/**
 * `sd` by provider protocol. The demo and AUTOMATIC1111 (synchronous upstream) do their work
 * in `poll`, after a `submitted` that names the run, so A1111's `/progress` readings reach the
 * task while its call runs; ComfyUI queues the mapped workflow in `submit` and `poll` listens
 * on `/ws` for progress, then reads `/history` and `/view`. A new protocol is one line here.
 */
export const sdProtocols: Record<string, SdProtocol> = {
  demo: {
    submit: async (io, task) => deferred(io.ctx, task, true),
    poll: (io, task) => pollDemo(io.ctx, task),
  },
  a1111: {
    submit: async (io, task) => deferred(io.ctx, task, false),
    poll: runA1111,
    checkConnection: a1111Check,
  },
  comfyui: {
    submit: submitComfy,
    checkConnection: comfyCheck,
    poll: (io, task, p) => pollComfy(io, task, p, (png) => done(task, png)),
  },
};

/** `sd`: one picture of the model square, by its provider's protocol (sdProtocols). */
export const sdRunner: TaskRunner = {
  kind: 'sd',
  timeoutMs: 30 * 60_000,
  async submit(task, io) {
    const p = await providerOf(io.ctx, task);
    const protocol = sdProtocols[p.protocol];
    // No adapter: the poll says so.
    if (!protocol) return deferred(io.ctx, task, false);
    return protocol.submit(io, task, p).catch(rethrow);
  },
  async poll(task, io) {
    const p = await providerOf(io.ctx, task);
    const protocol = sdProtocols[p.protocol];
    if (!protocol) throw UpstreamError.permanent(formatAll(texts.wrongProtocol, {}));
    return protocol.poll(io, task, p).catch(rethrow);
  },
};

async function pollDemo(ctx: AppContext, task: TaskRow): Promise<StepOutcome> {
  const waiting = demoProgress(ctx, task);
  if (waiting) return waiting;
  const p = paramsOf(task);
  // The checkpoint is part of the recipe: two models draw the same words differently.
  const img = await demoPicture(`${task.prompt} · ${p.checkpoint}`, p.seed, p.width, p.height);
  return done(task, img.png);
}

async function runA1111(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome> {
  const p = paramsOf(task);
  const client = a1111Of(provider);
  await client.useCheckpoint(p.checkpoint, io.signal);
  const out = await client.generate(
    {
      prompt: task.prompt,
      negative_prompt: p.negativePrompt,
      seed: p.seed,
      sampler_name: p.sampler,
      steps: p.steps,
      cfg_scale: p.cfgScale,
      width: p.width,
      height: p.height,
    },
    progressReporter(io.ctx, task),
    io.signal,
  );
  return done(task, out.png, out.seed);
}

async function submitComfy(io: TaskIo, task: TaskRow, provider: SdProvider): Promise<StepOutcome> {
  const wf = await comfyWorkflowOf(io.ctx, provider.id);
  if (!wf) throw UpstreamError.permanent(formatAll(texts.notComfy, {}));
  const p = paramsOf(task);
  const graph = fillWorkflow(wf.workflow as ComfyGraph, wf.mapping, {
    prompt: task.prompt,
    negativePrompt: p.negativePrompt,
    seed: p.seed,
    width: p.width,
    height: p.height,
    checkpoint: p.checkpoint,
    steps: p.steps,
    cfgScale: p.cfgScale,
  });
  return queueComfy(io, provider, graph, wf.mapping.output);
}
