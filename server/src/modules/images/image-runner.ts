import type { AppContext } from '../../context.js';
import { aspectOfSize, renderDemoImage } from '../../providers/image/demo-images.js';
import {
  checkConnection as checkBfl,
  pollFlux,
  pollingUrlOf,
  submitFlux,
} from '../../providers/image/bfl.js';
import {
  checkConnection as checkGemini,
  generateGeminiImage,
} from '../../providers/image/gemini-image.js';
import { editImages, generateImages } from '../../providers/image/openai-images.js';
import { checkSeedream, generateSeedream } from '../../providers/image/seedream.js';
import { newApiV1 } from '../../providers/newapi.js';
import type { KindAdapter, KindJob } from '../kind-kit/index.js';
import type { StepOutcome, TaskRow } from '../tasks/index.js';
import { jimengImageAdapter, replicateAdapter } from './async-adapters.js';
import { choicesOf, imageModelOf, type ImageModelRow } from './models.js';
import {
  asyncPictureRequest,
  demoStep,
  picturesOf,
  submittedPicture,
  worded,
} from './runner-support.js';

export { demoStep, picturesOf, worded };
import type { ImageTaskData, ImageTaskParams } from './params.js';

interface ImageRun {
  ctx: AppContext;
  task: TaskRow;
  p: ImageTaskParams;
  m: ImageModelRow;
  refs: Awaited<ReturnType<typeof picturesOf>>;
  mask: Awaited<ReturnType<typeof picturesOf>>[number] | null;
  format: NonNullable<ImageTaskParams['form']['outputFormat']> | 'png';
  name: string;
  signal: AbortSignal;
}

/** One picture of the demo: painted offline after a few steps. */
function runDemo({ ctx, task, p, m, refs, mask, format, name }: ImageRun): Promise<StepOutcome> {
  return demoStep(ctx, task, async () => {
    const img = await renderDemoImage({
      prompt: task.prompt,
      seed: p.seed,
      aspect: p.form.aspectRatio ?? aspectOfSize(p.form.size),
      long: 1024,
      ...(refs[0] ? { base: refs[0].bytes } : {}),
      ...(mask ? { mask: mask.bytes } : {}),
      format,
      transparent: p.form.background === 'transparent',
    });
    return {
      type: 'done',
      files: [{ bytes: img.png, name }],
      // FLUX's demo says its seed, as FLUX does (DALL·E has none to say).
      data: {
        finalPrompt: task.prompt,
        ...(choicesOf(m.family, m.upstreamModel).seed ? { params: { seed: p.seed } } : {}),
      },
    };
  });
}

/** One OpenAI images call: a generation, or an edit when pictures are given. */
async function runOpenAi({ task, p, m, refs, mask, name, signal }: ImageRun): Promise<StepOutcome> {
  const common = {
    baseUrl: m.provider.baseUrl,
    apiKey: m.provider.apiKey,
    model: m.upstreamModel,
    prompt: task.prompt,
    timeoutMs: m.provider.timeoutMs,
    signal,
    n: 1,
    ...(p.form.size ? { size: p.form.size } : {}),
    ...(p.form.quality ? { quality: p.form.quality } : {}),
  };
  try {
    const out = refs.length
      ? await editImages({
          ...common,
          images: refs,
          ...(mask ? { mask: { bytes: mask.bytes, name: 'mask.png' } } : {}),
        })
      : await generateImages({
          ...common,
          ...(p.form.style ? { style: p.form.style } : {}),
          ...(p.form.background ? { background: p.form.background } : {}),
          ...(p.form.outputFormat ? { outputFormat: p.form.outputFormat } : {}),
        });
    return {
      type: 'done',
      files: out.map((o, i) =>
        o.bytes ? { bytes: o.bytes, name: i ? `${i}-${name}` : name } : { url: o.url!, name },
      ),
      data: { finalPrompt: out[0]?.revisedPrompt ?? task.prompt },
    };
  } catch (error) {
    return worded(error);
  }
}

/**
 * An `image` adapter: one DALL·E / gpt-image picture (action `generate`) or edit of reference
 * pictures with an optional mask (`edit`), in one synchronous upstream call (submit and poll
 * alike); the offline demo paints it in a few steps so the screen shows progress.
 */
function imageAdapter(
  run: (r: ImageRun) => Promise<StepOutcome>,
): KindAdapter<ImageTaskParams, ImageTaskData> {
  const step = async ({ task, params: p, model, io }: KindJob<ImageTaskParams, ImageTaskData>) => {
    const refs = await picturesOf(io.ctx, task.userId, p.form.images ?? []);
    const mask = p.maskUrl ? (await picturesOf(io.ctx, task.userId, [p.maskUrl]))[0]! : null;
    const format = p.form.outputFormat ?? 'png';
    const name = `image-${task.id}.${format === 'jpeg' ? 'jpg' : format}`;
    const m = imageModelOf('draw', model);
    return run({ ctx: io.ctx, task, p, m, refs, mask, format, name, signal: io.signal });
  };
  return { submit: step, poll: step };
}

/** One Gemini image call (`generateContent`): drawn from the prompt, or from the references. */
async function runGemini({ task, p, m, refs, name, signal }: ImageRun): Promise<StepOutcome> {
  try {
    const out = await generateGeminiImage({
      baseUrl: m.provider.baseUrl,
      apiKey: m.provider.apiKey,
      timeoutMs: m.provider.timeoutMs,
      signal,
      model: m.upstreamModel,
      prompt: task.prompt,
      ...(p.form.aspectRatio ? { aspectRatio: p.form.aspectRatio } : {}),
      images: refs,
    });
    const ext = out.mime.split('/')[1] === 'jpeg' ? 'jpg' : (out.mime.split('/')[1] ?? 'png');
    return {
      type: 'done',
      files: [{ bytes: out.bytes, name: name.replace(/\.\w+$/, `.${ext}`) }],
      data: { finalPrompt: task.prompt, ...(out.text ? { modelText: out.text } : {}) },
    };
  } catch (error) {
    return worded(error);
  }
}

/**
 * One Seedream picture (Ark's `images/generations`, synchronous): the aspect as Ark's size, the
 * seed, the guidance (3.0), the references (4.0), the watermark off. `url` is Ark's API
 * endpoint: `{ark}/api/v3/images/generations`, or New API's `{root}/v1/images/generations`.
 */
const runSeedream =
  (url: (baseUrl: string) => string) =>
  async ({ task, p, m, refs, name, signal }: ImageRun): Promise<StepOutcome> => {
    try {
      const out = await generateSeedream({
        url: url(m.provider.baseUrl),
        apiKey: m.provider.apiKey,
        timeoutMs: m.provider.timeoutMs,
        signal,
        model: m.upstreamModel,
        prompt: task.prompt,
        seed: p.seed,
        ...(p.form.aspectRatio ? { aspectRatio: p.form.aspectRatio } : {}),
        ...(p.form.guidance !== undefined ? { guidance: p.form.guidance } : {}),
        images: refs,
      });
      return {
        type: 'done',
        // A signed TOS link (24 h): fetched once through the address guard, kept as ours.
        files: ['url' in out ? { url: out.url, name } : { bytes: out.bytes, name }],
        data: { finalPrompt: task.prompt, params: { seed: p.seed % 2 ** 31 } },
      };
    } catch (error) {
      return worded(error);
    }
  };

const arkImages = (b: string) => `${b.replace(/\/+$/, '')}/api/v3/images/generations`;
const relayImages = (b: string) => `${newApiV1(b)}/images/generations`;

/**
 * On New API (its base URL is the relay's root): Gemini image models through its Gemini route
 * (`<root>/v1beta/models/…:generateContent`), Seedream through its images call with Ark's
 * fields (its Volcengine channel passes them on, `relay/channel/volcengine/adaptor.go`),
 * everything else through the OpenAI images call on `<root>/v1` (New API's own channels map
 * it: a Replicate channel turns it into a FLUX prediction, `relay/channel/replicate/adaptor.go`;
 * a Jimeng channel into a Jimeng picture, `relay/channel/jimeng/image.go`).
 */
const runOnNewApi = (r: ImageRun) =>
  r.m.family === 'gemini-image'
    ? runGemini(r)
    : r.m.family === 'seedream'
      ? runSeedream(relayImages)(r)
      : runOpenAi({
          ...r,
          m: { ...r.m, provider: { ...r.m.provider, baseUrl: newApiV1(r.m.provider.baseUrl) } },
        });

/** What a FLUX task keeps between its submit and its polls. */
interface FluxData extends ImageTaskData {
  pollingUrl?: string;
}

/**
 * A `bfl` adapter: FLUX through Black Forest Labs' API, asynchronous. The submit sends the
 * prompt, the aspect (or its width and height), the seed and the references, and keeps the
 * polling URL; each poll reads the status until `Ready` answers the picture's link (it expires
 * within minutes: the engine copies it into storage at once). A moderated request or picture
 * fails at once, nothing charged.
 */
const bflAdapter: KindAdapter<ImageTaskParams, ImageTaskData> = {
  async submit(job) {
    const format = job.params.form.outputFormat === 'jpeg' ? 'jpeg' : 'png';
    // Outside the refusal's wording: a deleted reference fails the task in its own words.
    const request = await asyncPictureRequest(job);
    try {
      const out = await submitFlux({ ...request, outputFormat: format });
      return submittedPicture(job.io.ctx, out.id, { pollingUrl: out.pollingUrl });
    } catch (error) {
      return worded(error);
    }
  },
  async poll({ task, params: p, data, model, io }) {
    const m = imageModelOf('draw', model);
    const pollingUrl =
      (data as FluxData).pollingUrl ?? pollingUrlOf(m.provider.baseUrl, task.upstreamId ?? '');
    try {
      const s = await pollFlux(
        { apiKey: m.provider.apiKey, timeoutMs: m.provider.timeoutMs, signal: io.signal },
        pollingUrl,
      );
      if (s.state === 'pending')
        return {
          type: 'progress',
          progress: Math.max(task.progress, Math.min(95, Math.round((s.progress ?? 0) * 100))),
          pollAfterMs: io.ctx.config.drawing.pollMs,
        };
      const ext = p.form.outputFormat === 'jpeg' ? 'jpg' : 'png';
      return {
        type: 'done',
        // The link is on BFL's delivery host: fetched through the address guard.
        files: [{ url: s.url, name: `image-${task.id}.${ext}` }],
        data: { finalPrompt: task.prompt, params: { seed: s.seed ?? p.seed } },
      };
    } catch (error) {
      return worded(error);
    }
  },
  checkConnection: checkBfl,
};

/**
 * The `image` kind's adapters by provider protocol. The `openai` and `newapi` connection tests
 * are the ones the chat map registers (the same `GET /models`); `bfl` reads its credits,
 * `gemini` lists its models, `seedream` lists Ark's tasks, `jimeng` asks a signed query,
 * `replicate` reads its account.
 */
export const imageProtocols = {
  openai: imageAdapter(runOpenAi),
  newapi: imageAdapter(runOnNewApi),
  bfl: bflAdapter,
  gemini: { ...imageAdapter(runGemini), checkConnection: checkGemini },
  seedream: { ...imageAdapter(runSeedream(arkImages)), checkConnection: checkSeedream },
  jimeng: jimengImageAdapter,
  replicate: replicateAdapter,
  demo: imageAdapter(runDemo),
};
