// Idle memory of the built server as `npm start` runs it (SQLite, offline demos, the built web
// app served by the same process, `serverNodeFlags`): a first start on an empty data folder
// (migrations, seeding, the examples painted), then a restart on the same folder. For each it
// prints VmRSS 2 s and 15 s after ready, and (with its anonymous / file-backed parts) idle 45 s
// after ready (V8's memory reducer collects the start-up garbage 15-35 s after start on this
// machine, so a 15 s figure may or may not include it), against the target of 100 MB.
// Figures, not a test. BENCH_IDLE_S changes the idle wait; BENCH_PORT the port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, startBuiltServer } from '../scripts/lib.mjs';

const IDLE_S = Math.max(15, Number(process.env.BENCH_IDLE_S ?? 45));
const TARGET_MB = 100;

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
}
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(label, dataDir) {
  const server = await startBuiltServer(
    { LOG_LEVEL: 'info', WEB_DIST: path.join(root, 'web', 'dist') },
    { dataDir },
  );
  try {
    await sleep(2000);
    const early = memoryOf(server.pid);
    await sleep(13_000);
    const at15 = memoryOf(server.pid);
    await sleep(Math.max(0, IDLE_S * 1000 - 15_000));
    const idle = memoryOf(server.pid);
    console.log(
      `${label.padEnd(28)}${mb(early.rss).padStart(10)}${mb(at15.rss).padStart(10)}` +
        `${mb(idle.rss).padStart(10)}` +
        `${mb(idle.anon).padStart(10)}${mb(idle.file).padStart(10)}   ` +
        `${idle.rss / 1024 < TARGET_MB ? 'met' : 'over'}`,
    );
  } finally {
    server.stop();
    await new Promise((resolve) => {
      if (server.child.exitCode !== null) resolve();
      else server.child.once('exit', resolve);
    });
  }
}

await ensureInstalled();
await ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-memory-'));
try {
  console.log(`\nIdle memory of server/dist/main.js (target < ${TARGET_MB} MB idle)\n`);
  console.log(
    `${'start'.padEnd(28)}${'at 2 s'.padStart(10)}${'at 15 s'.padStart(10)}` +
      `${`at ${IDLE_S} s`.padStart(10)}` +
      `${'anon'.padStart(10)}${'file'.padStart(10)}`,
  );
  await run('first start (empty folder)', dataDir);
  await run('restart (same folder)', dataDir);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
