import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureSecretKey, openDatabase, prepareDatabase } from './boot.js';
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'task worker stopping');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await engine.stop();
    await app.close();
    await db.destroy();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(error.message + '\n');
    process.exit(78);
  }
  process.stderr.write(
    `Atelier worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
