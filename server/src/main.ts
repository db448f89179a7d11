import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureSecretKey, openDatabase, prepareDatabase } from './boot.js';
import { modules } from './modules/index.js';
import type { BackgroundTask } from './modules/module.js';

async function main(): Promise<void> {
  const config = ensureSecretKey(loadConfig());
  const db = openDatabase(config);
  const app = await buildApp(config, { db });
  const notes = await prepareDatabase(app.ctx);

  const background: BackgroundTask[] = [];
  for (const module of modules) if (module.background) background.push(module.background(app.ctx));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await Promise.allSettled(background.map((task) => task.stop()));
    await app.close();
    await db.destroy();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const lines = [
    '',
    `  Atelier is running at http://${shown}:${config.port}`,
    `  Database: ${db.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'}`,
    ...notes.map((n) => `  ${n}`),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(error.message + '\n');
    process.exit(78);
  }
  process.stderr.write(
    `Atelier failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
