import type { FastifyInstance } from 'fastify';
import { drawing as D, TaskStatus } from '@atelier/contracts';
import { AppError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { MjTask } from '../../providers/image/midjourney-proxy.js';
import type { TaskRow, ZipEntry } from '../tasks/index.js';
import { createTask, getTasks, listTasks, queueZip, reportProgress } from '../tasks/index.js';
import { texts } from './messages.js';
import { checkNotifySecret } from './mj-notify.js';
import { outcomeOf } from './mj-runner.js';
import { pickModel, priceKeyFor } from './models.js';
import { toDrawTasks } from './routes.js';

const toBatch = (t: TaskRow, lang: 'en-US' | 'zh-CN' | 'zh-TW'): D.BatchDownload => ({
  id: t.id,
  status: t.status,
  progress: t.progress,
  count: ((t.params as { taskIds?: number[] }).taskIds ?? []).length,
  url: t.status === TaskStatus.succeeded ? (t.files[0]?.url ?? null) : null,
  error: t.error ? t.error[lang] : null,
  createdAt: t.createdAt,
});

export function moreRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;

  route(
    app,
    D.drawFromChat,
    async ({ body, identity, lang }) => {
      const model = await pickModel(ctx(), identity.userId, 'chat-draw', body.modelId);
      const task = await createTask(ctx(), {
        userId: identity.userId,
        kind: 'chat-draw',
        action: 'chat-draw',
        prompt: body.prompt,
        params: { modelId: model.id, size: body.size },
        parentId: null,
        priceKey: priceKeyFor(model, 'chat-draw'),
        providerId: model.provider.id,
        providerLimit: model.provider.concurrency,
      });
      return (await toDrawTasks(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(
    app,
    D.createZip,
    async ({ body, identity, lang }) => {
      const ids = [...new Set(body.ids)];
      const rows = await getTasks(ctx(), identity.userId, ids, ['mj', 'chat-draw']);
      if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
      // The shared `zip` kind packs the owner's files by url; each named after its drawing.
      const entries: ZipEntry[] = [];
      for (const t of rows.filter((r) => r.status === TaskStatus.succeeded))
        for (const [i, f] of t.files.entries()) {
          const n = t.files.length > 1 ? `-${i + 1}` : '';
          const name = `${t.id}-${t.action}${n}.${f.mime.split('/')[1] ?? 'png'}`;
          entries.push({ url: f.url, name, mime: f.mime, size: f.size });
        }
      if (entries.length === 0) throw new AppError(400, texts.nothingToZip);
      const task = await queueZip(ctx(), {
        userId: identity.userId,
        guest: identity.isGuest,
        taskIds: ids,
        entries,
        name: 'drawings-{id}',
      });
      return toBatch(task, lang);
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );

  route(app, D.listZips, async ({ query, identity, lang }) => {
    if (query.id) {
      const [t] = await getTasks(ctx(), identity.userId, [query.id], ['zip']);
      if (!t) throw notFound(texts.taskNotFound);
      return { rows: [toBatch(t, lang)], count: 1 };
    }
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: ['zip'],
      page: 1,
      size: 50,
    });
    return { rows: r.rows.map((t) => toBatch(t, lang)), count: r.count };
  });

  // midjourney-proxy's notify hook: the whole task JSON on each change. Not the envelope: the
  // proxy only reads the status code.
  app.post<{ Querystring: { secret?: string }; Body: MjTask }>(
    '/mj/notify',
    { schema: { hide: true }, bodyLimit: 1024 * 1024 },
    async (req, reply) => {
      const given = req.query.secret ?? (req.headers['x-notify-secret'] as string | undefined);
      if (!checkNotifySecret(ctx(), given)) return reply.code(401).send({ ok: false });
      const task = req.body;
      const taskId = Number(task?.state);
      if (!task || typeof task.id !== 'string' || !Number.isInteger(taskId) || taskId <= 0)
        return reply.code(400).send({ ok: false });
      const applied = await reportProgress(ctx(), {
        taskId,
        upstreamId: task.id,
        outcome: outcomeOf(task, ctx().config.drawing.pollMs),
      });
      return reply.send({ ok: true, applied });
    },
  );
}
