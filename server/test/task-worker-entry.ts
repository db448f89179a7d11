import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/boot.js';
import { engineOf, registerTaskKind } from '../src/modules/tasks/index.js';
import { fakeJobRunner } from './task-support.js';

/*
 * A task worker process for the crash tests: the real engine against the test's database,
 * with the fake job runner. Configured by the environment like `npm run worker`.
 */
const config = loadConfig();
const db = openDatabase(config);
const app = await buildApp(config, { db });
registerTaskKind(app.ctx, fakeJobRunner(Number(process.env.FAKE_POLL_MS ?? 20)));
await engineOf(app.ctx).start();
process.stdout.write('worker ready\n');
