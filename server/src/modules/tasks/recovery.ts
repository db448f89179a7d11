import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { TaskQueue } from '../../jobs/queue.js';
import { markTimedOut } from './late.js';

/**
 * At start and now and then: tasks past their deadline fail and are refunded; tasks a dead
 * worker left before reaching the upstream go back to the queue (those with an upstream id
 * are simply polled again once the lease lapses); every due task gets a wake-up.
 */
export async function recoverTasks(ctx: AppContext, queue: TaskQueue): Promise<void> {
  const now = Date.now();
  const db = ctx.db.kysely;
  const late = await db
    .selectFrom('tasks')
    .selectAll()
    .where('status', 'in', [TaskStatus.queued, TaskStatus.running])
    .where('deadline', '<', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .limit(500)
    .execute();
  for (const t of late) await markTimedOut(ctx, t);
  await db
    .updateTable('tasks')
    .set({ status: TaskStatus.queued, lease_owner: null, lease_until: null })
    .where('status', '=', TaskStatus.running)
    .where('upstream_id', 'is', null)
    .where('lease_until', '<', now)
    .execute();
  const due = await db
    .selectFrom('tasks')
    .select(['id', 'run_after'])
    .where('status', 'in', [TaskStatus.queued, TaskStatus.running])
    .orderBy('run_after')
    .limit(ctx.config.tasks.workers)
    .execute();
  for (const d of due) await queue.wake(d.id, Math.max(0, d.run_after - now));
}
