import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeOnSignals, ensureSecretKey, openDatabase, prepareDatabase, runMain } from './boot.js';
import { modules } from './modules/index.js';
import type { BackgroundTask } from './modules/module.js';

async function main(): Promise<void> {
  const config = ensureSecretKey(loadConfig());
  const db = openDatabase(config);
  const app = await buildApp(config, { db });
  const notes = await prepareDatabase(app.ctx);

  const background: BackgroundTask[] = [];
  for (const module of modules) if (module.background) background.push(module.background(app.ctx));

  closeOnSignals(app, db, 'shutting down: finishing open requests', () =>
    Promise.allSettled(background.map((task) => task.stop())),
  );

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

runMain('Atelier', main);
