import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sd as S, type TaskStatus } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { createTask, deleteTasks, getTasks, listTasks } from '../tasks/index.js';
import { listSdModels, sdModelById, thumbOfCover, toSdModel } from './catalogue.js';
import { texts } from './messages.js';
import type { SdTaskParams } from './sd-runner.js';
import { creditsOf, toSdTasks } from './views.js';
import { isDemoProtocol } from '../providers/index.js';

export const SD_KINDS = ['sd', 'sd-tool'] as const;

export function sdRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  const submitLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  route(app, S.querySdModels, async ({ identity, lang }) => {
    const models = await listSdModels(ctx());
    const rows = await Promise.all(
      models.map(async (m) =>
        toSdModel(
          m,
          lang,
          await creditsOf(ctx(), m.priceKey, identity?.userId),
          // Only the square's cards draw it: a draw or a form's fields read no file row.
          await thumbOfCover(ctx(), m.cover),
        ),
      ),
    );
    return { rows, count: rows.length };
  });

  route(app, S.queryModelField, async ({ query }) => {
    const m = await sdModelById(ctx(), query.modelId);
    return { modelId: m.id, fields: m.fields };
  });

  route(
    app,
    S.sdCreate,
    async ({ body, identity, lang }) => {
      const m = await sdModelById(ctx(), body.modelId);
      const params: SdTaskParams = {
        modelId: m.id,
        checkpoint: m.checkpoint,
        negativePrompt: body.negativePrompt,
        seed: body.seed === -1 ? randomInt(0, 2 ** 32 - 1) : body.seed,
        steps: body.steps,
        cfgScale: body.cfgScale,
        sampler: body.sampler,
        width: body.width,
        height: body.height,
        demo: isDemoProtocol(m.provider.protocol),
      };
      const task = await createTask(ctx(), {
        userId: identity.userId,
        kind: 'sd',
        action: 'create',
        prompt: body.prompt,
        params: { ...params },
        priceKey: m.priceKey,
        providerId: m.provider.id,
        providerLimit: m.provider.concurrency,
      });
      return (await toSdTasks(ctx(), [task], lang))[0]!;
    },
    submitLimit,
  );

  route(app, S.sdStatus, async ({ body, identity, lang }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...SD_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { rows: await toSdTasks(ctx(), rows, lang), count: rows.length };
  });

  route(app, S.sdList, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: [query.type === 'sd' ? 'sd' : 'sd-tool'],
      page: query.page,
      size: query.size,
      ...(query.status ? { status: [query.status as TaskStatus] } : {}),
    });
    return { rows: await toSdTasks(ctx(), r.rows, lang), count: r.count, countQueue: r.countQueue };
  });

  route(app, S.sdDelete, async ({ body, identity }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...SD_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { deleted: await deleteTasks(ctx(), identity.userId, ids, { cancelRunning: true }) };
  });
}
