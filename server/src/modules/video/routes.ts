import type { FastifyInstance } from 'fastify';
import { video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { filesOfTask, fileUrl, readOwnedImage, storeFile, type FileRow } from '../files/index.js';
import { videoKind as kind } from './kind.js';
import { frameAt } from './media.js';
import { texts } from './messages.js';
import { typicalSeconds, videoModelOf } from './models.js';
import {
  finishedParent,
  prepareCut,
  prepareExtend,
  prepareInput,
  queueVideo,
  type Entry,
} from './prepare.js';

/** Last frames being cut, by video task id (one ffmpeg run however many ask at once). */
const cuttingFrames = new Map<number, Promise<FileRow>>();

/** Cuts a video's last frame (a picture result is its own) and stores it with the task. */
async function cutFrame(
  ctx: AppContext,
  userId: number,
  taskId: number,
  url: string,
  name: string,
  guest: boolean,
) {
  const src = await readOwnedImage(ctx, userId, url);
  if (!src) throw notFound(texts.taskNotFound);
  const bytes = src.mime === 'video/mp4' ? await frameAt(src.bytes, -0.1) : src.bytes;
  return storeFile(ctx, { userId, origin: 'result', taskId, bytes, name, quota: true, guest });
}

const PRICED = ['generate', 'image-to-video', 'extend', 'anime'] as const;

export function videoRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  // Frames may come inline (data URLs, up to 20 MB decoded).
  const submit = { rateLimit: { max: 30, timeWindow: 60_000 }, bodyLimit: 72 * 1024 * 1024 };
  const entries: Array<[typeof V.runwayVideo, Entry]> = [
    [V.runwayVideo, 'runwayVideo'],
    [V.runwayPic, 'runwayPic'],
    [V.pikaVideo, 'pikaVideo'],
    [V.animeVideo, 'anime'],
  ];
  for (const [endpoint, entry] of entries)
    route(
      app,
      endpoint,
      async ({ body, identity, lang }) => {
        const prepared = await prepareInput(ctx(), identity.userId, body, entry);
        const task = await queueVideo(ctx(), identity.userId, prepared);
        return (await kind.views(ctx(), [task], lang))[0]!;
      },
      submit,
    );

  route(
    app,
    V.extendVideo,
    async ({ body, identity, lang }) => {
      const task = await queueVideo(
        ctx(),
        identity.userId,
        await prepareExtend(ctx(), identity.userId, body),
      );
      return (await kind.views(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(
    app,
    V.cutVideo,
    async ({ body, identity, lang }) => {
      const task = await queueVideo(
        ctx(),
        identity.userId,
        await prepareCut(ctx(), identity.userId, body),
      );
      return (await kind.views(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  // Every id must be the caller's video (404 otherwise), as the screen asks only for its own.
  route(app, V.videoStatus, async ({ body, identity, lang }) => {
    const rows = await kind.statuses(ctx(), identity.userId, body.ids, lang, { all: true });
    return { rows, count: rows.length };
  });
  route(app, V.listVideos, ({ query, identity, lang }) =>
    kind.list(ctx(), identity.userId, query, lang),
  );
  // A video's files stay with its tasks' rows gone, as before (a published work may use them).
  route(app, V.deleteVideos, ({ body, identity }) =>
    kind.removeMany(ctx(), identity.userId, body.ids, { all: true, keepFiles: true }),
  );

  // The last frame is cut (by ffmpeg) once per video and stored with it; later calls read it.
  route(
    app,
    V.lastFrame,
    async ({ query, identity }) => {
      const { file } = await finishedParent(ctx(), identity.userId, query.id);
      const name = `last-frame-${query.id}.jpg`;
      const stored = (await filesOfTask(ctx(), identity.userId, query.id))
        .filter((f) => f.name === name)
        .sort((a, b) => a.id - b.id)[0];
      let f = stored;
      if (!f) {
        // Calls racing in this process share one cut instead of each running ffmpeg.
        let cutting = cuttingFrames.get(query.id);
        if (!cutting) {
          cutting = cutFrame(
            ctx(),
            identity.userId,
            query.id,
            file.url,
            name,
            identity.isGuest,
          ).finally(() => cuttingFrames.delete(query.id));
          cuttingFrames.set(query.id, cutting);
        }
        f = await cutting;
      }
      return { url: fileUrl(ctx(), f.key), thumbUrl: fileUrl(ctx(), f.thumb_key ?? f.key) };
    },
    { rateLimit: { max: app.ctx.config.files.uploadRateLimit, timeWindow: 60_000 } },
  );

  route(app, V.videoModels, async ({ identity }) => {
    const models = (await kind.modelsFor(ctx(), identity?.userId ?? null)).map(videoModelOf);
    const prices = await kind.actionPrices(ctx(), models, PRICED);
    return {
      rows: models.map((m) => ({
        id: m.id,
        name: m.name,
        protocol: m.protocol,
        demo: m.demo,
        durations: m.durations,
        aspects: m.aspects,
        supports: m.capabilities,
        options: { ...m.options, references: m.options.references ?? 0 },
        typicalSeconds: typicalSeconds(ctx(), m),
        prices: PRICED.flatMap((action) => {
          // An action without its own price costs what `generate` does.
          const own = prices.get(m.id)![action];
          const credits = own ?? prices.get(m.id)!.generate;
          const priceKey = `${m.priceModel}:${own !== null ? action : 'generate'}`;
          return credits === null ? [] : [{ action, priceKey, credits }];
        }),
      })),
      count: models.length,
    };
  });
}
