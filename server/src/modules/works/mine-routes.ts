import type { FastifyInstance } from 'fastify';
import { TaskStatus, works as W } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  deleteTasks,
  getTask,
  getTasks,
  listTasks,
  queueZip,
  type ZipEntry,
} from '../tasks/index.js';
import { cleanTags } from './media.js';
import { texts } from './messages.js';
import { publicWorkIds, saveWork } from './publishing.js';
import { toWorks, workRowsOf } from './service.js';

/** Kinds that are not results (a zip is a download of other results). */
export const NOT_WORKS = ['zip'];

/** History, my gallery, publishing, deleting and batch downloads: the owner's calls. */
export function mineRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(app, W.history, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx, {
      userId: identity.userId,
      kinds: query.kind ? [query.kind] : [],
      excludeKinds: NOT_WORKS,
      page: query.page,
      size: query.size,
      ...(query.status ? { status: [query.status as TaskStatus] } : {}),
      ...(query.keyword ? { keyword: query.keyword } : {}),
    });
    return { rows: await toWorks(ctx, r.rows, identity.userId, lang), count: r.count };
  });

  route(app, W.myWorks, async ({ query, identity, lang }) => {
    if (query.visibility === 'public') {
      const { ids, count } = await publicWorkIds(ctx.db.kysely, identity.userId, query);
      const tasks = await getTasks(ctx, identity.userId, ids);
      return { rows: await toWorks(ctx, tasks, identity.userId, lang), count };
    }
    const r = await listTasks(ctx, {
      userId: identity.userId,
      kinds: query.kind ? [query.kind] : [],
      excludeKinds: NOT_WORKS,
      status: [TaskStatus.succeeded],
      withFiles: true,
      page: query.page,
      size: query.size,
    });
    return { rows: await toWorks(ctx, r.rows, identity.userId, lang), count: r.count };
  });

  route(
    app,
    W.publish,
    async ({ body, identity, lang }) => {
      const task = await getTask(ctx, identity.userId, body.id);
      if (NOT_WORKS.includes(task.kind)) throw notFound(texts.workNotFound);
      if (task.status !== TaskStatus.succeeded || task.files.length === 0)
        throw new AppError(400, texts.notFinished);
      if (body.isPublic && identity.isGuest) throw new AppError(403, texts.guestCannotPublish);
      const before = (await workRowsOf(ctx, [task.id])).get(task.id);
      if (body.isPublic && before?.hidden === 1)
        throw new AppError(403, texts.hiddenByOperator, { reason: before.hidden_reason ?? '' });
      const tags = cleanTags(body.tags);
      const now = nowIso();
      const fields = {
        title: body.title,
        description: body.description,
        tags: JSON.stringify(tags),
        is_public: body.isPublic ? 1 : 0,
        listed: body.isPublic ? 1 : 0,
        published_at: body.isPublic
          ? (before?.published_at ?? now)
          : (before?.published_at ?? null),
        updated_at: now,
      };
      await saveWork(ctx.db.kysely, task, fields, tags, now);
      return (await toWorks(ctx, [task], identity.userId, lang))[0]!;
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );

  route(app, W.deleteWorks, async ({ body, identity }) => ({
    deleted: await deleteTasks(ctx, identity.userId, [...new Set(body.ids)], {
      cancelRunning: true,
    }),
  }));
}

/** Batch download: the built-in zip kind over the files of any kinds. */
export function zipRoute(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(
    app,
    W.zipWorks,
    async ({ body, identity, lang }) => {
      const ids = [...new Set(body.ids)];
      const rows = await getTasks(ctx, identity.userId, ids);
      // A zip is no work: packing zips into a zip would double what each call stores.
      if (rows.length !== ids.length || rows.some((r) => NOT_WORKS.includes(r.kind)))
        throw notFound(texts.workNotFound);
      const entries: ZipEntry[] = [];
      for (const t of rows.filter((r) => r.status === TaskStatus.succeeded))
        for (const [i, f] of t.files.entries()) {
          const n = t.files.length > 1 ? `-${i + 1}` : '';
          const ext = f.name?.split('.').pop() ?? f.mime.split('/')[1] ?? 'bin';
          entries.push({
            url: f.url,
            name: `${t.kind}-${t.id}${n}.${ext}`,
            mime: f.mime,
            size: f.size,
          });
        }
      if (entries.length === 0) throw new AppError(400, texts.nothingToZip);
      const task = await queueZip(ctx, {
        userId: identity.userId,
        guest: identity.isGuest,
        taskIds: ids,
        entries,
        name: 'works-{id}',
      });
      return {
        id: task.id,
        status: task.status,
        progress: task.progress,
        count: ids.length,
        url: null,
        error: task.error ? task.error[lang] : null,
        createdAt: task.createdAt,
      };
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
}
