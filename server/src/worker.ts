import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeOnSignals, ensureSecretKey, openDatabase, prepareDatabase, runMain } from './boot.js';
import { engineOf } from './modules/tasks/index.js';

/**
 * `npm run worker`: runs task workers in a process of their own (scaled mode: REDIS_URL set,
 * the API process then runs none unless TASK_RUN_IN_API=true). The app is built, not served,
 * so that every module registers its runners exactly as in the API process.
 */
async function main(): Promise<void> {
  const config = ensureSecretKey(loadConfig());
  const db = openDatabase(config);
  const app = await buildApp(config, { db });
  await prepareDatabase(app.ctx);
  const engine = engineOf(app.ctx);
  await engine.start();
  app.log.info({ workers: config.tasks.workers, queue: engine.queue.name }, 'task worker started');

  closeOnSignals(app, db, 'task worker stopping', () => engine.stop());
}

runMain('Atelier worker', main);
