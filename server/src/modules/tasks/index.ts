import type { AtelierModule } from '../module.js';
import { closeEngine, engineOf, runsWorkersInApi } from './engine.js';
import { registerTaskKind } from './runner.js';
import { zipRunner } from './zip-runner.js';
import { adminTaskRoutes } from './admin-routes.js';
import { taskKindsOf } from './figures.js';
import { closeLateWatch } from './late.js';

export { engineOf } from './engine.js';
export { queueZip, type ZipEntry } from './zip-runner.js';
export { registerProviderBase } from './finish.js';
export { registerTaskKind } from './runner.js';
export { texts as taskTexts } from './messages.js';
export { recordTaskEvent } from './events.js';
export { toStoredFiles } from './rows.js';
export { insertFinishedTask } from './finished.js';
export { queueCountsPerProvider } from './admin-service.js';
export {
  taskCountsOf,
  taskOutcomesSince,
  taskPromptsAndFiles,
  taskStartsSince,
} from './figures.js';
export {
  UpstreamError,
  type ResultFile,
  type StepOutcome,
  type TaskFile,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from './runner.js';
export {
  countActive,
  countByStatus,
  countQueue,
  createTask,
  deleteTasks,
  getTask,
  getTasks,
  listTasks,
  onTasksDeleted,
  queuePositions,
  readTasks,
  redoTask,
  reportProgress,
  type CreateTaskInput,
  type ListTasksInput,
  type TasksDeletedHook,
} from './service.js';

/**
 * The task engine: one table for everything generated, its lifecycle (lease, retry, recovery,
 * hold → settle/release, storing results) in engine.ts and finish.ts, workers (in this
 * process without Redis; `npm run worker` with it) and the built-in zip kind. How to add a
 * kind: docs/add-a-kind.md.
 */
export const tasksModule: AtelierModule = {
  name: 'tasks',
  async routes(app) {
    const ctx = app.ctx;
    ctx.hooks.taskKinds = taskKindsOf;
    registerTaskKind(ctx, zipRunner());
    adminTaskRoutes(app);
    ctx.guestData.register('tasks', async (trx, { fromUserId, toUserId }) => {
      await trx
        .updateTable('tasks')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
    });
    app.addHook('onClose', async () => {
      await closeEngine(ctx);
      await closeLateWatch(ctx);
    });
  },
  background(ctx) {
    const engine = engineOf(ctx);
    if (runsWorkersInApi(ctx))
      void engine
        .start()
        .catch((error: unknown) =>
          ctx.log.error({ err: (error as Error).message }, 'task workers could not start'),
        );
    return { stop: () => engine.stop() };
  },
};
