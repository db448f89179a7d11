import type { drawing } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { failedFor, failedWith } from '../../lib/failure-text.js';
import { formatAll } from '../../http/messages.js';
import { gridButtons, parseCustomId } from '../../providers/image/custom-ids.js';
import {
  blendRecipe,
  demoBannedWord,
  demoFinish,
  demoStateAt,
  newDemoUpstreamId,
} from '../../providers/image/demo-midjourney.js';
import {
  checkConnection,
  checkNewApiConnection,
  hasActions,
  hasChange,
  MidjourneyProxyClient,
  MJ_CODES,
  progressOf,
  type ChangeBody,
  type MjFlavour,
  type MjTask,
  type SubmitOk,
} from '../../providers/image/midjourney-proxy.js';
import type { Localized } from '../../http/messages.js';
import { readOwnedImage, signFileLinks, unsignFileLinks } from '../files/index.js';
import type { KindModel } from '../kind-kit/index.js';
import { UpstreamError, type StepOutcome } from '../tasks/index.js';
import { forkFlavour, type DrawingModel, type MjProtocol } from './drawing-model.js';
import { texts } from './messages.js';
import { VIDEO_ACTIONS, type MjJob, type MjTaskData, type MjTaskParams } from './mj-params.js';
import { demoVideo, submitVideo, videoOutcome, withPoster } from './mj-video-runner.js';
import { notifyHookUrl } from './mj-notify.js';

const clientOf = (m: DrawingModel) =>
  new MidjourneyProxyClient({
    baseUrl: m.provider.baseUrl,
    secret: m.provider.apiKey,
    flavour: m.provider.flavour,
    timeoutMs: Math.min(m.provider.timeoutMs, 60_000),
  });

/** What a user reads for a refusal code of the proxy (docs/drawing.md, Refusals). */
const refusalTexts: Partial<Record<number, Localized>> = {
  [MJ_CODES.notFound]: texts.upstreamNotFound,
  [MJ_CODES.validation]: texts.upstreamInvalid,
  [MJ_CODES.queueFull]: texts.upstreamQueueFull,
};

/** An upstream failure as the engine understands it (banned words keep the word). */
function rethrow(error: unknown): never {
  if (error instanceof UpstreamError && !error.text) {
    if (error.kind === 'banned')
      throw error.withText(formatAll(texts.banned, { word: error.detail.bannedWord ?? '' }));
    const coded = error.kind === 'refused' ? refusalTexts[error.detail.code ?? 0] : undefined;
    if (coded) throw error.withText(formatAll(coded, {}));
    // The user reads the failure's class; its raw message goes to the task timeline.
    if (!error.transient) throw error.withText(failedWith(texts.upstreamRefused, error));
  }
  throw error;
}

async function dataUrls(ctx: AppContext, userId: number, urls: string[]): Promise<string[]> {
  return Promise.all(
    urls.map(async (url) => {
      const img = await readOwnedImage(ctx, userId, url);
      // The picture was deleted after the task was queued.
      if (!img) throw UpstreamError.permanent(formatAll(texts.imageNotFound, {}));
      return `data:${img.mime};base64,${img.bytes.toString('base64')}`;
    }),
  );
}

async function readBytes(ctx: AppContext, userId: number, urls: string[]): Promise<Buffer[]> {
  return Promise.all(
    urls.map(async (url) => {
      const img = await readOwnedImage(ctx, userId, url);
      if (!img) throw UpstreamError.permanent(formatAll(texts.imageNotFound, {}));
      return img.bytes;
    }),
  );
}

/** The tasks novicezk v2.6 lets `/mj/submit/change` act on (`SubmitController.change`). */
const CHANGEABLE = new Set(['IMAGINE', 'VARIATION', 'REROLL', 'BLEND']);

/**
 * What a finished task offers: the proxy's own buttons we understand; or, from a proxy that has
 * `change` and gave none, the grid's U1–U4, V1–V4 and reroll as Atelier's own buttons.
 */
function buttonsOf(task: MjTask, flavour?: MjFlavour) {
  const given = task.buttons ?? [];
  if (given.length > 0 || !flavour || !hasChange(flavour) || !CHANGEABLE.has(task.action ?? ''))
    return {
      derived: false,
      buttons: given
        .filter((b) => parseCustomId(b.customId))
        .map((b) => ({ customId: b.customId, label: b.label ?? '', emoji: b.emoji ?? '' })),
    };
  const hash = task.properties?.messageHash;
  const ok = typeof hash === 'string' && /^[A-Za-z0-9_-]{1,80}$/.test(hash);
  return { derived: true, buttons: gridButtons(ok ? hash : task.id) };
}

/**
 * A fetched (or notified) upstream task as a step of ours; with the client that fetched it, its
 * buttons are completed for its flavour and its picture's link made one we can download.
 */
export function outcomeOf(
  task: MjTask,
  pollAfterMs: number,
  client?: MidjourneyProxyClient,
): StepOutcome {
  const status = task.status;
  if (status === 'SUCCESS' && task.action === 'VIDEO')
    return videoOutcome(task, pollAfterMs, client !== undefined);
  if (status === 'SUCCESS') {
    const { buttons, derived } = buttonsOf(task, client?.flavour);
    // The upstream echoes the prompt it was sent, signed links included: kept as keys.
    const finalPrompt = unsignFileLinks(
      typeof task.properties?.finalPrompt === 'string'
        ? task.properties.finalPrompt
        : (task.promptEn ?? task.prompt ?? ''),
    );
    const data: MjTaskData = { buttons, finalPrompt, upstreamStatus: status };
    if (derived) data.buttonsDerived = true;
    if (task.action === 'DESCRIBE') data.description = task.prompt || finalPrompt;
    const image = client ? client.imageUrlOf(task.imageUrl) : task.imageUrl;
    return {
      type: 'done',
      files: image ? [{ url: image }] : [],
      data: data as Record<string, unknown>,
    };
  }
  if (status === 'FAILURE' || status === 'CANCEL')
    return {
      type: 'failed',
      ...failedFor(texts.upstreamFailed, task.failReason || status),
      data: { upstreamStatus: status },
    };
  return {
    type: 'progress',
    progress: progressOf(task.progress),
    pollAfterMs,
    data: { upstreamStatus: status },
  };
}

async function submitDemo({ task, params: p, io: { ctx } }: MjJob): Promise<StepOutcome> {
  const text = task.action === 'imagine' ? task.prompt : (p.modalPrompt ?? '');
  const banned = demoBannedWord(text);
  if (banned) throw UpstreamError.permanent(formatAll(texts.banned, { word: banned }));
  const data: MjTaskData = { upstreamStatus: 'NOT_START', finalPrompt: p.finalPrompt ?? '' };
  if (task.action === 'blend') {
    const images = await readBytes(ctx, task.userId, p.images ?? []);
    data.recipe = await blendRecipe(images, p.dimensions ?? 'SQUARE');
  }
  return {
    type: 'submitted',
    upstreamId: newDemoUpstreamId(),
    pollAfterMs: ctx.config.drawing.demoStepMs,
    progress: 0,
    data: data as Record<string, unknown>,
  };
}

async function pollDemo(job: MjJob): Promise<StepOutcome> {
  const {
    task,
    params: p,
    data: stored,
    io: { ctx },
  } = job;
  const upstreamId = task.upstreamId ?? '';
  const state = demoStateAt(upstreamId, ctx.config.drawing.demoStepMs);
  if (state.status !== 'SUCCESS')
    return {
      type: 'progress',
      progress: state.progress,
      pollAfterMs: state.nextInMs,
      data: { upstreamStatus: state.status },
    };
  if (VIDEO_ACTIONS.has(task.action)) return demoVideo(job);
  const recipe = p.recipe ?? stored.recipe ?? null;
  const action = task.action as drawing.DrawAction;
  let images: Buffer[] | undefined;
  if (action === 'describe' || action === 'faceswap')
    images = await readBytes(ctx, task.userId, p.images ?? []);
  const out = await demoFinish({ action, upstreamId, recipe, images });
  const data: MjTaskData = {
    buttons: out.buttons,
    description: out.description,
    finalPrompt: p.finalPrompt ?? task.prompt,
    upstreamStatus: 'SUCCESS',
    recipe,
    width: out.image?.width,
    height: out.image?.height,
  };
  return {
    type: 'done',
    files: out.image ? [{ bytes: out.image.png, name: `${action}.png` }] : [],
    data: data as Record<string, unknown>,
  };
}

/** novicezk's change of each button Atelier offers in its place (`SubmitChangeDTO`). */
const CHANGE_OF: Partial<Record<drawing.DrawAction, ChangeBody['action']>> = {
  upscale: 'UPSCALE',
  variation: 'VARIATION',
  reroll: 'REROLL',
};
/** The buttons a changed prompt (remix) goes with (trueai-org `TaskService.cs`). */
const REMIXED = new Set<drawing.DrawAction>([
  'variation',
  'reroll',
  'pan',
  'high_variation',
  'low_variation',
]);

/**
 * A button of a finished drawing: on a proxy without buttons, novicezk's `/mj/submit/change`;
 * else `/mj/submit/action`, then `/mj/submit/modal` when the proxy says it waits for one
 * (custom zoom, vary region, remix).
 */
async function pressButton(
  client: MidjourneyProxyClient,
  { task, params: p, io }: MjJob,
  hook: { notifyHook: string; state: string },
): Promise<SubmitOk> {
  const parsed = parseCustomId(p.customId ?? '');
  if (p.change || !hasActions(client.flavour)) {
    const action = parsed ? CHANGE_OF[parsed.action] : undefined;
    if (!parsed || !action) throw UpstreamError.permanent(formatAll(texts.buttonUnsupported, {}));
    // A reroll's index too: v2.6 ignores it, New API refuses a change without one.
    const body = { taskId: p.parentUpstreamId ?? '', action, index: parsed.index, ...hook };
    return client.change(body, p.mode, io.signal);
  }
  // A changed prompt on a variation, reroll or pan asks for the remix modal.
  const remix = Boolean(p.modalPrompt) && parsed !== null && REMIXED.has(parsed.action);
  const ok = await client.action(
    {
      taskId: p.parentUpstreamId ?? '',
      customId: p.customId ?? '',
      ...(remix ? { enableRemix: true } : {}),
      ...hook,
    },
    p.mode,
    io.signal,
  );
  // Any other code 21 is a task that exists already: it is followed as it is.
  if (!ok.needsModal) return ok;
  const prompt = p.modalPrompt ? await signFileLinks(io.ctx, task.userId, p.modalPrompt) : null;
  return client.modal(
    {
      taskId: ok.taskId,
      ...(prompt ? { prompt } : {}),
      ...(p.maskBase64 ? { maskBase64: p.maskBase64 } : {}),
      notifyHook: hook.notifyHook,
    },
    p.mode,
    io.signal,
  );
}

async function submitProxy(job: MjJob): Promise<StepOutcome> {
  const { task, params: p, model, io } = job;
  const ctx = io.ctx;
  const client = clientOf(drawingModelOf(model));
  const hook = { notifyHook: notifyHookUrl(ctx), state: String(task.id) };
  const signal = io.signal;
  let ok: SubmitOk;
  try {
    switch (task.action) {
      case 'imagine': {
        const base64Array = p.images?.length
          ? await dataUrls(ctx, task.userId, p.images)
          : undefined;
        ok = await client.imagine(
          {
            prompt: await signFileLinks(ctx, task.userId, p.finalPrompt ?? task.prompt),
            ...(base64Array ? { base64Array } : {}),
            botType: p.botType ?? 'MID_JOURNEY',
            ...hook,
          },
          p.mode,
          signal,
        );
        break;
      }
      case 'blend':
        ok = await client.blend(
          {
            base64Array: await dataUrls(ctx, task.userId, p.images ?? []),
            dimensions: p.dimensions ?? 'SQUARE',
            ...hook,
          },
          p.mode,
          signal,
        );
        break;
      case 'describe':
        ok = await client.describe(
          { base64: (await dataUrls(ctx, task.userId, p.images ?? []))[0]!, ...hook },
          p.mode,
          signal,
        );
        break;
      case 'faceswap': {
        const [sourceBase64, targetBase64] = await dataUrls(ctx, task.userId, p.images ?? []);
        ok = await client.swapFace(
          { sourceBase64: sourceBase64!, targetBase64: targetBase64!, ...hook },
          signal,
        );
        break;
      }
      case 'video':
      case 'video_extend':
        ok = await submitVideo(client, job, hook);
        break;
      default:
        ok = await pressButton(client, job, hook);
    }
  } catch (error) {
    rethrow(error);
  }
  const data: MjTaskData = { upstreamStatus: 'SUBMITTED', upstreamQueue: ok.queuedAhead };
  return {
    type: 'submitted',
    upstreamId: ok.taskId,
    pollAfterMs: ctx.config.drawing.pollMs,
    progress: 0,
    data: data as Record<string, unknown>,
  };
}

async function pollProxy({ task, params: p, model, io }: MjJob): Promise<StepOutcome> {
  let outcome: StepOutcome;
  try {
    const client = clientOf(drawingModelOf(model));
    const upstream = await client.fetchTask(task.upstreamId ?? '', io.signal);
    outcome = outcomeOf(upstream, io.ctx.config.drawing.pollMs, client);
  } catch (error) {
    rethrow(error);
  }
  return VIDEO_ACTIONS.has(task.action) ? withPoster(io.ctx, task.userId, p, outcome) : outcome;
}

/** New API's relay (`midjourney-newapi`, and the one-provider `newapi`): its root as base. */
const newApiMj: MjProtocol<MjTaskParams, MjTaskData> = {
  submit: submitProxy,
  poll: pollProxy,
  flavour: () => 'newapi',
};

/**
 * The `mj` kind's adapters by provider protocol: a midjourney-proxy, or the offline demo. The
 * kit runs them (`drawing/kind.ts`) in whichever process claims the task (the API's embedded
 * workers or `npm run worker`). `newapi`'s connection test is the chat map's (one per protocol).
 */
export const mjProtocols: Record<
  'midjourney' | 'midjourney-novicezk' | 'midjourney-newapi' | 'newapi' | 'demo',
  MjProtocol<MjTaskParams, MjTaskData>
> = {
  midjourney: { submit: submitProxy, poll: pollProxy, checkConnection, flavour: forkFlavour },
  'midjourney-novicezk': {
    submit: submitProxy,
    poll: pollProxy,
    checkConnection,
    flavour: () => 'novicezk',
  },
  'midjourney-newapi': { ...newApiMj, checkConnection: checkNewApiConnection },
  newapi: newApiMj,
  demo: { submit: submitDemo, poll: pollDemo, flavour: forkFlavour },
};

/**
 * Which midjourney-proxy a model's provider is: its protocol's entry in the map says it (a
 * protocol of another kind, e.g. chat drawings' `openai`, counts as a fork).
 */
export const flavourOf = (protocol: string, upstreamModel: string): MjFlavour =>
  (Object.hasOwn(mjProtocols, protocol)
    ? mjProtocols[protocol as keyof typeof mjProtocols].flavour
    : forkFlavour)(upstreamModel);

export const drawingModelOf = (m: KindModel): DrawingModel => ({
  ...m,
  priceModel: m.priceKey.split(':')[0]!,
  provider: { ...m.provider, flavour: flavourOf(m.protocol, m.upstreamModel) },
});
