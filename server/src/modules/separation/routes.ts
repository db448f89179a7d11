import type { FastifyInstance } from 'fastify';
import { separation as S, TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { fileOfKey, fileUrl, keyOfUrl, storeFile } from '../files/index.js';
import type { KindModel } from '../kind-kit/index.js';
import { createTask, getTasks, listTasks } from '../tasks/index.js';
import { readAudioFacts } from './audio.js';
import { texts } from './messages.js';
import { separationKind as kind } from './kind.js';
import type { SeparationParams } from './params.js';
import { SONG_KINDS, songsOf } from './view.js';

/** The upload a separation names: one of the caller's audio uploads (another's: 404). */
async function uploadSource(ctx: AppContext, userId: number, url: string) {
  const key = keyOfUrl(url);
  const row = key ? await fileOfKey(ctx, key) : undefined;
  if (!row || row.user_id !== userId || row.key !== key || !row.mime.startsWith('audio/'))
    throw notFound(texts.audioNotFound);
  return { type: 'upload' as const, key: row.key, name: row.name || 'audio', mime: row.mime };
}

/** The song a separation names: a clip of a finished music task of the caller's. */
async function songSource(
  ctx: AppContext,
  userId: number,
  ref: { taskId: number; clip: number },
  model: KindModel,
) {
  const [task] = await getTasks(ctx, userId, [ref.taskId], SONG_KINDS);
  if (!task) throw notFound(texts.songNotFound);
  const song =
    task.status === TaskStatus.succeeded ? songsOf(task).find((s) => s.clip === ref.clip) : null;
  if (!song) throw badRequest(texts.songNotReady, {}, 'source.taskId');
  return {
    type: 'song' as const,
    key: song.file.key,
    name: song.title,
    mime: song.file.mime,
    songTaskId: task.id,
    songClip: song.clip,
    ...(model.demo && song.stems
      ? { stemKeys: { vocals: song.stems.vocals.key, instrumental: song.stems.instrumental.key } }
      : {}),
  };
}

/** Reads the one `file` of a multipart upload, within the size limit. */
async function readUpload(
  req: Parameters<Parameters<typeof route>[2]>[0]['req'],
  max: number,
): Promise<{ bytes: Buffer; name: string }> {
  if (!req.isMultipart()) throw badRequest(texts.noFile, {}, 'file');
  try {
    const part = await req.file({ limits: { fileSize: max, files: 1 } });
    if (!part || part.fieldname !== 'file') throw badRequest(texts.noFile, {}, 'file');
    const bytes = await part.toBuffer();
    return { bytes, name: part.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, texts.tooLarge, { max: Math.round(max / 1048576) });
    throw badRequest(texts.badForm, {}, 'file');
  }
}

export function separationRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  const max = app.ctx.config.separation.uploadMaxBytes;

  route(
    app,
    S.uploadAudio,
    async ({ req, identity }) => {
      const { bytes, name } = await readUpload(req, max);
      // The bytes decide, not the name or the declared type; nothing is stored otherwise.
      const facts = await readAudioFacts(bytes);
      if (!facts) throw badRequest(texts.notAudio, {}, 'file');
      const row = await storeFile(ctx(), {
        userId: identity.userId,
        origin: 'upload',
        bytes,
        name: name.slice(0, 200),
        mime: facts.mime,
      });
      return {
        id: row.id,
        url: fileUrl(ctx(), row.key),
        name: row.name,
        mime: facts.mime as S.UploadedAudio['mime'],
        size: row.size,
        durationSeconds: Math.round(facts.durationSeconds * 100) / 100,
        channels: facts.channels,
      };
    },
    { rateLimit: { max: 20, timeWindow: 60_000 }, bodyLimit: max + 64 * 1024 },
  );

  route(app, S.listModels, async ({ identity }) => {
    const rows = (await kind.offeredModels(ctx(), identity.userId)).map((m) => ({
      id: m.id,
      name: m.name,
      demo: m.demo,
      priceKey: m.priceKey,
      credits: m.credits,
    }));
    return { rows, count: rows.length };
  });

  route(app, S.listSongs, async ({ query, identity }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: SONG_KINDS,
      status: [TaskStatus.succeeded],
      page: query.page,
      size: query.size,
    });
    const rows = r.rows.flatMap((t) =>
      songsOf(t).map((s) => ({
        taskId: t.id,
        clip: s.clip,
        title: s.title,
        url: s.file.url,
        mime: s.file.mime,
        demo: s.stems !== null,
        createdAt: t.createdAt,
      })),
    );
    return { rows, count: r.count };
  });

  route(
    app,
    S.submitSeparation,
    async ({ body, identity, lang }) => {
      const userId = identity.userId;
      const model = await kind.pickModel(ctx(), userId, body.modelId);
      const source =
        body.source.type === 'upload'
          ? await uploadSource(ctx(), userId, body.source.url)
          : await songSource(ctx(), userId, body.source, model);
      const params: SeparationParams = { modelId: model.id, format: body.format, source };
      const task = await createTask(ctx(), {
        userId,
        kind: kind.definition.kind,
        action: 'separate',
        prompt: source.name,
        params: { ...params },
        priceKey: model.priceKey,
        providerId: model.provider.id,
        providerLimit: model.provider.concurrency,
      });
      return (await kind.views(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(app, S.listSeparations, ({ query, identity, lang }) =>
    kind.list(ctx(), identity.userId, query, lang),
  );
  route(app, S.separationStatus, ({ query, identity, lang }) =>
    kind.status(ctx(), identity.userId, query.id, lang),
  );
  route(app, S.deleteSeparation, ({ body, identity }) =>
    kind.remove(ctx(), identity.userId, body.id),
  );
}
