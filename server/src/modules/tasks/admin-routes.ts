import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { AppError } from '../../http/errors.js';
import { auditSubject } from '../../http/audit.js';
import { route } from '../../http/route.js';
import { grant } from '../credits/index.js';
import {
  auditedTask,
  listAdminTasks,
  oneTask,
  rawTask,
  refundKey,
  taskTimeline,
} from './admin-service.js';
import { recordTaskEvent } from './events.js';
import { texts } from './messages.js';
import { redoTask } from './service.js';

/*
 * The console's view of the task engine: every user's tasks with filters, one task's timeline
 * (task_events), re-running a failed task in place (a new hold on its owner), refunding what a
 * finished task was charged (once: the ledger's idempotency key `task_refund:<id>`). The
 * queries are admin-service.ts's; the queues per provider are the providers module's route,
 * which names the providers of `queueCountsPerProvider`.
 */
export function adminTaskRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  auditSubject(ctx, '/admin/tasks', async (c, id) => auditedTask(c.db.kysely, id));

  route(app, A.listTasks, async ({ query }) => listAdminTasks(ctx, query));

  route(app, A.getTask, async ({ query }) => ({
    task: await oneTask(ctx, query.id),
    events: await taskTimeline(ctx, query.id),
  }));

  route(app, A.rerunTask, async ({ body }) => {
    const raw = await rawTask(ctx, body.id);
    if (raw.status !== TaskStatus.failed) throw new AppError(409, texts.notFailed);
    await redoTask(ctx, raw.user_id, raw.id, { inPlace: true });
    return oneTask(ctx, raw.id);
  });

  route(app, A.refundTask, async ({ body, identity }) => {
    const raw = await rawTask(ctx, body.id);
    if (raw.status !== TaskStatus.succeeded || raw.credits <= 0 || !raw.hold_id)
      throw new AppError(409, texts.nothingCharged);
    const applied = await ctx.db.kysely.transaction().execute(async (trx) => {
      const r = await grant(trx, {
        userId: raw.user_id,
        amount: raw.credits,
        kind: 'refund',
        ref: `task:${raw.id}`,
        idempotencyKey: refundKey(raw.id),
        note: 'task refunded by an admin',
        actorId: identity.userId,
      });
      if (r.applied) await recordTaskEvent(trx, raw.id, 'refunded', { credits: raw.credits });
      return r.applied;
    });
    if (!applied) throw new AppError(409, texts.alreadyRefunded);
    return oneTask(ctx, raw.id);
  });
}
