import { closeEngine, engineOf, registerRunner, runsWorkersInApi } from './engine.js';
import type { AtelierModule } from '../module.js';
import { zipRunner } from './zip-runner.js';

/**
 * The task engine: one table for everything generated, the embedded queue or BullMQ, workers
 * (in this process without Redis; `npm run worker` with it), recovery, and the built-in zip.
 */
export const tasksModule: AtelierModule = {
  name: 'tasks',
  async routes(app) {
    const ctx = app.ctx;
    registerRunner(zipRunner());
    ctx.guestData.register('tasks', async (trx, { fromUserId, toUserId }) => {
      await trx
        .updateTable('tasks')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
    });
    app.addHook('onClose', async () => closeEngine(ctx));
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
