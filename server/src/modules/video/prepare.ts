import { randomInt } from 'node:crypto';
import { TaskStatus, type video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { videoAdapters } from '../../providers/video/index.js';
import type { RequestShape } from '../../providers/video/types.js';
import { imageTypeOfBytes } from './frames.js';
import { fileOfKey, fileUrl, keyOfUrl, storeFile } from '../files/index.js';
import { createTask, getTasks, type TaskRow } from '../tasks/index.js';
import { texts } from './messages.js';
import { videoKind } from './kind.js';
import { videoModelOf, type VideoModelRow } from './models.js';
import { videoDataOf, videoParamsOf, type VideoParams } from './params.js';

/** Frames sent inline are at most this large once decoded. */
export const MAX_FRAME_BYTES = 20 * 1024 * 1024;

export interface Prepared {
  action: V.VideoAction;
  prompt: string;
  params: VideoParams;
  model: VideoModelRow;
  parentId: number | null;
}

/**
 * A frame as our link: one of the caller's pictures (someone else's → 404), or an inline
 * data URL checked to be a picture (400 naming `field` otherwise) and stored as an upload.
 */
export async function ownFrame(
  ctx: AppContext,
  userId: number,
  ref: string,
  field: string,
): Promise<string> {
  const inline = /^data:([\w/+.-]*)(;base64)?,/i.exec(ref);
  if (inline) {
    const bytes = Buffer.from(ref.slice(inline[0].length), 'base64');
    if (bytes.length > MAX_FRAME_BYTES)
      throw badRequest(texts.pictureTooLarge, { max: MAX_FRAME_BYTES / 1024 / 1024 }, field);
    if (!(await imageTypeOfBytes(bytes))) throw badRequest(texts.notAPicture, {}, field);
    const f = await storeFile(ctx, {
      userId,
      origin: 'upload',
      bytes,
      name: `${field}.png`,
      reencode: true,
    });
    return fileUrl(ctx, f.key);
  }
  const key = keyOfUrl(ref);
  const row = key ? await fileOfKey(ctx, key) : undefined;
  const isPicture = row && (key === row.thumb_key || row.mime.startsWith('image/'));
  if (!key || !row || row.user_id !== userId) throw notFound(texts.imageNotFound);
  if (!isPicture) throw badRequest(texts.notAPicture, {}, field);
  return fileUrl(ctx, key);
}

function checkAgainstModel(m: VideoModelRow, b: V.VideoInput & { duration: number }) {
  if (!m.durations.includes(b.duration))
    throw badRequest(texts.badDuration, { durations: m.durations.join(' / ') }, 'duration');
  if (b.aspect && !m.aspects.includes(b.aspect))
    throw badRequest(texts.badAspect, { aspects: m.aspects.join(' ') }, 'aspect');
  const c = m.capabilities;
  if (b.firstFrame && !c.firstFrame)
    throw badRequest(texts.unsupported, { what: 'first frame' }, 'firstFrame');
  if (b.lastFrame && !c.lastFrame)
    throw badRequest(texts.unsupported, { what: 'last frame' }, 'lastFrame');
  if (b.motionBrush && !c.motionBrush)
    throw badRequest(texts.unsupported, { what: 'motion brush' }, 'motionBrush');
  if (b.motionBrush && !b.firstFrame) throw badRequest(texts.needsFirstFrame, {}, 'firstFrame');
  const refs = b.references?.length ?? 0;
  if (refs && refs > (m.options.references ?? 0))
    throw badRequest(
      texts.unsupported,
      {
        what: m.options.references
          ? `more than ${m.options.references} reference pictures`
          : 'reference pictures',
      },
      'references',
    );
  if (refs && (b.firstFrame || b.lastFrame))
    throw badRequest(texts.unsupported, { what: 'reference pictures with frames' }, 'references');
  if (refs && !b.prompt) throw badRequest(texts.needsPrompt, {}, 'prompt');
  if (!b.firstFrame && !refs && !c.text) throw badRequest(texts.needsFirstFrame, {}, 'firstFrame');
  if (!b.firstFrame && !b.prompt) throw badRequest(texts.needsPrompt, {}, 'prompt');
  const o = m.options;
  if (b.resolution && !o.resolutions.includes(b.resolution))
    throw badRequest(
      texts.unsupported,
      {
        what: o.resolutions.length
          ? `${b.resolution} (${o.resolutions.join(' / ')})`
          : 'a resolution',
      },
      'resolution',
    );
  if (b.cameraFixed !== undefined && !o.cameraFixed)
    throw badRequest(texts.unsupported, { what: 'a fixed camera' }, 'cameraFixed');
  if (b.audio !== undefined && !o.audio)
    throw badRequest(texts.unsupported, { what: 'audio' }, 'audio');
  refuseAsUpstream(m, {
    duration: b.duration,
    aspect: b.aspect ?? '16:9',
    firstFrame: !!b.firstFrame,
    lastFrame: !!b.lastFrame,
    motionBrush: !!b.motionBrush,
    mode: b.mode,
  });
}

/** A combination the model's upstream would refuse: 400 naming the field, before any hold. */
function refuseAsUpstream(m: VideoModelRow, shape: RequestShape) {
  const no = m.adapter?.refuse?.(m.upstreamModel, shape);
  if (no) throw badRequest(texts.unsupported, { what: no.what }, no.field);
}

export type Entry = 'runwayVideo' | 'runwayPic' | 'pikaVideo' | 'anime';

/** A queue call's body made ready: model chosen, everything checked, frames ours. */
export async function prepareInput(
  ctx: AppContext,
  userId: number,
  body: V.VideoInput,
  entry: Entry,
): Promise<Prepared> {
  const b = body as V.VideoInput & { duration: number; aspect: V.VideoAspect; prompt: string };
  const prefer =
    entry === 'pikaVideo'
      ? (m: VideoModelRow) => videoAdapters[m.protocol]?.preferredBy === 'pikaVideo'
      : entry === 'anime'
        ? (m: VideoModelRow) => m.capabilities.anime && !m.demo
        : undefined;
  const model = videoModelOf(
    await videoKind.pickModel(ctx, userId, b.modelId, prefer && ((m) => prefer(videoModelOf(m)))),
  );
  if (entry === 'anime' && !model.capabilities.anime)
    throw badRequest(texts.unsupported, { what: 'anime-style video' }, 'modelId');
  if ((entry === 'runwayPic' || entry === 'anime') && !b.firstFrame)
    throw badRequest(texts.needsFirstFrame, {}, 'firstFrame');
  checkAgainstModel(model, b);
  const params: VideoParams = {
    modelId: model.id,
    prompt: b.prompt,
    aspect: b.aspect,
    duration: b.duration,
    seed: b.seed ?? randomInt(0, 2 ** 32 - 1),
    ...(b.negativePrompt ? { negativePrompt: b.negativePrompt } : {}),
    ...(b.camera ? { camera: b.camera } : {}),
    ...(b.loop !== undefined ? { loop: b.loop } : {}),
    ...(b.mode ? { mode: b.mode } : {}),
    ...(b.resolution ? { resolution: b.resolution } : {}),
    ...(b.cameraFixed !== undefined ? { cameraFixed: b.cameraFixed } : {}),
    ...(b.audio !== undefined ? { audio: b.audio } : {}),
  };
  if (b.firstFrame) params.firstFrame = await ownFrame(ctx, userId, b.firstFrame, 'firstFrame');
  if (b.lastFrame) params.lastFrame = await ownFrame(ctx, userId, b.lastFrame, 'lastFrame');
  if (b.references?.length)
    params.references = await Promise.all(
      b.references.map((r) => ownFrame(ctx, userId, r, 'references')),
    );
  if (b.motionBrush)
    params.motionBrush = {
      mask: await ownFrame(ctx, userId, b.motionBrush.mask, 'motionBrush.mask'),
      direction: b.motionBrush.direction,
    };
  const action: V.VideoAction =
    entry === 'anime' ? 'anime' : params.firstFrame ? 'image-to-video' : 'generate';
  return { action, prompt: b.prompt, params, model, parentId: null };
}

/** A finished video of the caller's and its model (404 when not theirs, 400 when not done). */
export async function finishedParent(ctx: AppContext, userId: number, id: number) {
  const [parent] = await getTasks(ctx, userId, [id], ['video']);
  if (!parent) throw notFound(texts.taskNotFound);
  const file = parent.files[0];
  if (parent.status !== TaskStatus.succeeded || !file) throw new AppError(400, texts.notFinished);
  const pp = videoParamsOf(parent.params);
  const stored = await videoKind.modelById(ctx, pp.modelId);
  if (!stored) throw notFound(texts.modelNotFound);
  const model = videoModelOf(stored);
  return { parent, file, pp, model, seconds: videoDataOf(parent.data).duration ?? pp.duration };
}

export async function prepareExtend(
  ctx: AppContext,
  userId: number,
  body: { id: number; prompt: string; duration?: number; fromSeconds?: number },
): Promise<Prepared> {
  const { parent, file, pp, model, seconds } = await finishedParent(ctx, userId, body.id);
  const duration = body.duration ?? model.durations[0]!;
  if (!model.durations.includes(duration))
    throw badRequest(texts.badDuration, { durations: model.durations.join(' / ') }, 'duration');
  if (body.fromSeconds !== undefined && body.fromSeconds > seconds)
    throw badRequest(texts.beyondEnd, { seconds }, 'fromSeconds');
  if (!model.capabilities.extend)
    throw badRequest(texts.unsupported, { what: 'extending a video' }, 'id');
  // Without native extend the next clip starts from a frame of this one: an image-to-video.
  refuseAsUpstream(model, {
    duration,
    aspect: pp.aspect,
    firstFrame: !model.adapter?.nativeExtend,
    lastFrame: false,
    motionBrush: false,
    mode: pp.mode,
  });
  return {
    action: 'extend',
    prompt: body.prompt || parent.prompt,
    parentId: parent.id,
    model,
    params: {
      ...pp,
      prompt: body.prompt || pp.prompt,
      duration,
      source: file.url,
      ...(parent.upstreamId ? { parentUpstreamId: parent.upstreamId } : {}),
      ...(body.fromSeconds !== undefined ? { fromSeconds: body.fromSeconds } : {}),
    },
  };
}

export async function prepareCut(
  ctx: AppContext,
  userId: number,
  body: { id: number; start: number; end: number },
): Promise<Prepared> {
  const { parent, file, pp, model, seconds } = await finishedParent(ctx, userId, body.id);
  if (body.start >= seconds) throw badRequest(texts.beyondEnd, { seconds }, 'start');
  const end = Math.min(body.end, seconds);
  return {
    action: 'cut',
    prompt: parent.prompt,
    parentId: parent.id,
    model,
    params: {
      ...pp,
      source: file.url,
      start: body.start,
      end,
      duration: Math.ceil(end - body.start),
    },
  };
}

/** Generate and anime have their own prices; image-to-video and extend fall back to generate. */
async function priceKeyFor(
  ctx: AppContext,
  m: VideoModelRow,
  action: V.VideoAction,
): Promise<string | null> {
  if (action === 'cut') return null;
  const own = (await videoKind.actionPrices(ctx, [m], [action])).get(m.id)![action];
  // An operator who priced only `generate` prices every action of the model alike.
  return own !== null ? `${m.priceModel}:${action}` : `${m.priceModel}:generate`;
}

/** Queues a prepared video, holding its price (a cut is free). */
export async function queueVideo(ctx: AppContext, userId: number, p: Prepared): Promise<TaskRow> {
  return createTask(ctx, {
    userId,
    kind: videoKind.definition.kind,
    action: p.action,
    prompt: p.prompt,
    params: { ...p.params },
    parentId: p.parentId,
    priceKey: await priceKeyFor(ctx, p.model, p.action),
    providerId: p.action === 'cut' ? null : p.model.provider.id,
    providerLimit: p.action === 'cut' ? 0 : p.model.provider.concurrency,
  });
}
