import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeOnSignals, ensureSecretKey, openDatabase, prepareDatabase, runMain } from './boot.js';
import { migrationsPending } from './db/migrate.js';
import { notesOfChild } from './lib/notes-child.js';
import { modules } from './modules/index.js';
import { paintExamplesApart } from './modules/works/index.js';
import type { BackgroundTask } from './modules/module.js';

async function main(): Promise<void> {
  const config = ensureSecretKey(loadConfig());
  const db = openDatabase(config);
  // A first start's example pictures are painted by a process of their own (server/dist/cli).
  paintExamplesApart(built('./cli/paint-examples.js'));
  const app = await buildApp(config, { db });
  // A pending migration on SQLite (a first start, a new version): migrations and seeds run in a
  // process of their own first; what is left to do here then finds nothing to do.
  const prepare = built('./cli/prepare.js');
  const apart =
    fs.existsSync(prepare) && (await migrationsPending(db))
      ? await notesOfChild(prepare, 'preparing the database')
      : [];
  const notes = [...apart, ...(await prepareDatabase(app.ctx))];

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
  // The start's garbage (migrations, seeds, route set-up) collected once, a few seconds in.
  setTimeout(collectStartGarbage, START_GC_DELAY_MS).unref();
}

/** A file of the built server beside this one (absent when run from the sources). */
const built = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

/** How long after listening the start's garbage is collected. */
const START_GC_DELAY_MS = 5000;

/**
 * One full garbage collection: what the start left (about 8 MB after a first start's
 * migrations and seeds) goes back to the system now rather than whenever V8's memory reducer
 * runs, 15 s to over a minute after start on a busy machine (docs/scaling.md, Idle memory).
 * Two collections of a heap of about 40 MB, some 30 ms each, once.
 */
function collectStartGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  // Compacted, so that the start's scattered survivors leave its pages free to be returned;
  // the second collection returns the pages the first emptied.
  v8.setFlagsFromString('--compact-on-every-full-gc');
  gc();
  gc();
  v8.setFlagsFromString('--no-compact-on-every-full-gc');
}

runMain('Atelier', main);
