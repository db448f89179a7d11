// npm test: installs what is missing, then build, typecheck, lint, format check, the Vitest
// suites (the server's twice, at the same time: SQLite, and PostgreSQL + Redis) and the
// Playwright e2e tests. Each runner writes a JSON report that is read back to count tests. It
// ends with each step's time, the slowest files of each runner, and one line,
// `N passed, N failed` (`, N skipped` when some were); it exits non-zero if anything failed
// or did not run. Checks without tests of their own (build, typecheck, lint, format) count as
// one test each. docs/testing.md describes the layout.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { bin, buildServer, buildWeb, ensureInstalled, freePort, root, run, say } from './lib.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const reports = path.join(root, '.test-reports');
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** @type {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string }[]} */
const results = [];
/** The slowest files of each runner, printed at the end. @type {Map<string, { file: string, seconds: number }[]>} */
const slowest = new Map();
/**
 * What failed, by name, with the first lines of its error: printed at the end so that a CI log
 * shows which test failed without scrolling through every runner's output.
 * @type {{ step: string, name: string, lines: string[] }[]}
 */
const failures = [];
const started = Date.now();

/**
 * Server test workers: most of a server test's time is waiting (the database, a fake upstream,
 * a task's next step), so two per core keep the cores busy. The SQLite and the PostgreSQL
 * passes run at the same time, the SQLite pass with this many.
 */
const SERVER_WORKERS = Number(process.env.TEST_SERVER_WORKERS ?? Math.max(2, os.cpus().length));
/**
 * The PostgreSQL pass waits on its database far more than it computes (its files took about
 * twice their SQLite time in CI, the machine half idle at its end), so it gets one worker more:
 * it is the longest step, and the e2e run beside it takes what CPU is left.
 */
const POSTGRES_WORKERS = Number(process.env.TEST_POSTGRES_WORKERS ?? SERVER_WORKERS + 1);

function record(name, counts, t0, note) {
  const seconds = (Date.now() - t0) / 1000;
  const row = { name, passed: 0, failed: 0, skipped: 0, ...counts, seconds, note };
  results.push(row);
  // A step that failed without a named failure (no report, an exit code alone) is named itself.
  if (row.failed && !failures.some((f) => f.step === name || f.step.startsWith(`${name}: `)))
    failures.push({ step: name, name: note || 'failed', lines: [] });
  const parts = [`${row.passed} passed`, `${row.failed} failed`];
  if (row.skipped) parts.push(`${row.skipped} skipped`);
  const mark = row.failed ? 'FAIL' : 'ok';
  say(
    `${mark.padEnd(4)} ${name} (${seconds.toFixed(1)} s): ${parts.join(', ')}${note ? ` (${note})` : ''}`,
  );
  return row;
}

function header(name) {
  process.stdout.write(`\n[atelier] ── ${name} ──\n`);
}

/**
 * A step that is a single check: one passed or one failed. Checks may run side by side, so the
 * output is kept and printed in one piece when the check ends (no interleaved lines).
 */
async function check(name, command, args) {
  const t0 = Date.now();
  let output = '';
  const code = await captured(name, command, args, {}, (text) => (output = text));
  // A check's own output says what is wrong; its last lines usually sum it up.
  if (code !== 0)
    failures.push({ step: name, name: `exit ${code}`, lines: firstLines(output, 1000).slice(-12) });
  return record(name, code === 0 ? { passed: 1 } : { failed: 1 }, t0, code ? `exit ${code}` : '');
}

/** Runs a command with its output kept, then printed in one piece under its header. */
async function captured(name, command, args, options = {}, keep = () => {}) {
  let output = '';
  const code = await new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => {
      output += `cannot run ${command}: ${error.message}\n`;
      resolve(127);
    });
    child.on('close', (exit, signal) => resolve(exit ?? (signal ? 128 : 1)));
  });
  keep(output);
  header(name);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  return code;
}

/** The first lines of an error text that say something (no blank lines, no ANSI colours). */
function firstLines(text, count = 6) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- strips the terminal's colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(0, count)
  );
}

function addFailure(step, name, text, count) {
  failures.push({ step, name, lines: firstLines(text, count) });
}

/** Keeps the 10 slowest files of a runner for the closing summary. */
function keepSlowest(name, files) {
  slowest.set(
    name,
    files
      .filter((f) => Number.isFinite(f.seconds))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10),
  );
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts of a Vitest JSON report (Jest-compatible); a suite that failed to load counts as one failure. */
function vitestCounts(report) {
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed');
    if (file.status === 'failed' && !failedInside) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Each failed test of a Vitest report by file and name, or the file when it failed to load. */
function vitestFailures(step, report) {
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      const title = a.fullName ?? [...(a.ancestorTitles ?? []), a.title].join(' > ');
      addFailure(step, `${where} > ${title}`, (a.failureMessages ?? []).join('\n'));
    }
    if (file.status === 'failed' && failed.length === 0)
      addFailure(step, where, file.message || 'the file failed outside its tests');
  }
}

/**
 * A workspace's Vitest suite; only `mayBeEmpty` ones may find no test file. Its output is kept
 * and printed when it ends, as suites run side by side.
 */
async function vitest(name, workspace, env = {}, { mayBeEmpty = false, workers } = {}) {
  const t0 = Date.now();
  const out = path.join(reports, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`);
  fs.rmSync(out, { force: true });
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  if (mayBeEmpty) args.push('--passWithNoTests');
  if (workers) args.push(`--maxWorkers=${workers}`);
  say(`${name}: started`);
  const code = await captured(name, bin('vitest'), args, {
    cwd: path.join(root, workspace),
    env: { ...process.env, ...env },
  });
  const report = readJson(out);
  if (!report) return record(name, { failed: 1 }, t0, `no report, exit ${code}`);
  keepSlowest(
    name,
    (report.testResults ?? []).map((f) => ({
      file: path.relative(root, f.name),
      seconds: (f.endTime - f.startTime) / 1000,
    })),
  );
  vitestFailures(name, report);
  const counts = vitestCounts(report);
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    return record(name, counts, t0, `exit ${code}`);
  }
  return record(name, counts, t0);
}

/** Sums a Playwright JSON report's test durations per spec file. */
function playwrightFiles(report) {
  /** @type {Map<string, number>} */
  const perFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) {
          const file = spec.file ?? suite.file;
          perFile.set(file, (perFile.get(file) ?? 0) + (r.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...perFile].map(([file, seconds]) => ({ file: `e2e/tests/${file}`, seconds }));
}

/** Each test of a Playwright report that did not end as expected, and the run's own errors. */
function playwrightFailures(step, report) {
  const visit = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = (t.results ?? []).at(-1);
        const error =
          last?.error?.message ?? last?.errors?.[0]?.message ?? `status ${last?.status}`;
        const name = [`e2e/tests/${spec.file}:${spec.line}`, ...here, spec.title].join(' > ');
        addFailure(step, name, error);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? [])
    addFailure(step, 'the run', error.message ?? String(error));
}

/**
 * The e2e tests, in two runs at the same time, each with its own server, data folder and log:
 * the specs that run side by side (project `chromium`, several workers), and those that change
 * what every user of their server sees, one at a time (project `exclusive`, see
 * e2e/playwright.config.ts). On a server of its own, the exclusive project meets no other test,
 * and its one worker uses the cores the other run leaves idle instead of running after it.
 */
async function playwright() {
  const name = 'e2e (Playwright)';
  const t0 = Date.now();
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const notes = [];
  const files = [];
  const { chromiumPort, exclusivePort, release } = await reserveE2ePorts();
  const runs = [
    { project: 'chromium', port: chromiumPort, live: true },
    { project: 'exclusive', port: exclusivePort, live: false },
  ].map(async ({ project, port, live }) => {
    const out = path.join(reports, `e2e-${project}.json`);
    fs.rmSync(out, { force: true });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-e2e-${project}-`));
    // The side-by-side run's lines show as they come; the other's in one piece when it ends.
    const show = live
      ? (title, ...rest) => {
          header(title);
          return run(...rest);
        }
      : captured;
    const code = await show(
      `${name}: ${project}`,
      bin('playwright'),
      ['test', `--project=${project}`],
      {
        cwd: path.join(root, 'e2e'),
        env: {
          ...process.env,
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
          E2E_JSON_REPORT: out,
          E2E_OUTPUT_DIR: path.join(root, 'e2e', '.artifacts', `npm-test-${project}`),
          E2E_DATA_DIR: dataDir,
          E2E_SERVER_LOG: path.join(dataDir, 'server.log'),
          E2E_PORT: String(port),
          E2E_NO_ORDER: '1',
        },
      },
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { project, code, report: readJson(out) };
  });
  const finished = await Promise.all(runs).finally(release);
  for (const { project, code, report } of finished) {
    if (!report?.stats) {
      counts.failed += 1;
      notes.push(`${project}: no report, exit ${code}`);
      continue;
    }
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    let failed = unexpected;
    if ((report.errors?.length ?? 0) > 0 && failed === 0) failed = 1;
    // The server log check (support/server-log-reporter.ts) fails the run without a failed test.
    if (code !== 0 && failed === 0) {
      failed = 1;
      notes.push(`${project}: exit ${code}`);
    }
    playwrightFailures(`${name}: ${project}`, report);
    counts.passed += expected + flaky;
    counts.failed += failed;
    counts.skipped += skipped;
    files.push(...playwrightFiles(report));
  }
  keepSlowest(name, files);
  return record(name, counts, t0, notes.join('; '));
}

/**
 * The two e2e runs' ports: a block of ten from 3100 (or `E2E_PORT`), the side-by-side run at
 * its start and the exclusive one two above, since each run's fakes listen at fixed offsets
 * above its port (`e2e/support/env.ts`: +20000, +20001) that must neither meet nor leave the
 * range of ports. A second `npm test` on the same machine takes the next block: the block is
 * claimed by a lock file (created exclusively, naming our pid) before its ports are checked, so
 * two runs reaching this point together cannot both take it. A lock whose process is gone is
 * taken over.
 */
async function reserveE2ePorts() {
  const first = Number(process.env.E2E_PORT ?? 3100);
  for (let base = first; base < first + 500; base += 10) {
    const lock = path.join(os.tmpdir(), `atelier-e2e-ports-${base}.lock`);
    if (!claimLock(lock)) continue;
    const ports = [base, base + 2, base + 20000, base + 20001, base + 20002, base + 20003];
    const free = await Promise.all(ports.map(async (p) => (await freePort(p)) === p));
    if (free.every(Boolean))
      return {
        chromiumPort: base,
        exclusivePort: base + 2,
        release: () => fs.rmSync(lock, { force: true }),
      };
    fs.rmSync(lock, { force: true });
  }
  throw new Error(`no free block of e2e ports from ${first}`);
}

/** Creates the lock file naming this process, or takes over one whose process has ended. */
function claimLock(lock) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      // Empty: its maker is between creating and writing it.
      const owner = Number(fs.readFileSync(lock, 'utf8').trim() || 0);
      if (!owner || isAlive(owner)) return false;
      fs.rmSync(lock, { force: true });
    }
  }
  return false;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Connects and speaks a line of the protocol; resolves true when the answer starts as expected. */
function probe(port, host, hello, expected, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => {
      if (!hello) return done(true);
      socket.write(hello);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.length >= expected.length) done(answer.startsWith(expected));
    });
  });
}

async function postgresReady() {
  const url = new URL(pgUrl);
  const port = Number(url.port || 5432);
  if (!(await probe(port, url.hostname, null, ''))) return 'nothing listens there';
  try {
    // `pg` is installed with the server; a real query proves the database exists.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.query('select 1');
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function redisReady() {
  const url = new URL(redisUrl);
  const ok = await probe(Number(url.port || 6379), url.hostname, 'PING\r\n', '+PONG');
  return ok ? null : 'no PONG answer';
}

/**
 * Debian packages the tests need, installed when missing (as root; else a hint): Chromium for
 * the e2e tests, ffmpeg for video posters, MP3 and media checks (the video, music and separation
 * tests; see docs/media.md for what works without it).
 */
const debianNeeds = [
  { pkg: 'chromium', file: CHROMIUM },
  { pkg: 'ffmpeg', file: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg' },
];

function ensureDebianPackages() {
  const missing = debianNeeds.filter((n) => !fs.existsSync(n.file)).map((n) => n.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    say(`${missing.join(', ')} absent and this is not root: apt-get install ${missing.join(' ')}`);
    return;
  }
  say(`installing Debian's ${missing.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}

// ── setup ────────────────────────────────────────────────────────────────────────────────
header('setup');
let t0 = Date.now();
if (!(await ensureInstalled({ exitOnFailure: false }))) {
  record('install dependencies', { failed: 1 }, t0, 'npm ci and npm install failed');
  process.stdout.write('\n0 passed, 1 failed\n');
  process.exit(1);
}
ensureDebianPackages();
fs.mkdirSync(reports, { recursive: true });
say(`setup done (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

t0 = Date.now();
const [pgProblem, redisProblem] = await Promise.all([postgresReady(), redisReady()]);
const services = !pgProblem && !redisProblem;
const serviceHelp = [];
if (!services) {
  if (pgProblem)
    serviceHelp.push(
      `PostgreSQL is not reachable at ${pgUrl} (${pgProblem}). Start it with:`,
      '    pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      `    (and create the database once: createdb -h ${new URL(pgUrl).hostname} ${new URL(pgUrl).pathname.slice(1)})`,
    );
  if (redisProblem)
    serviceHelp.push(
      `Redis is not reachable at ${redisUrl} (${redisProblem}). Start it with:`,
      '    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    );
  for (const line of serviceHelp) say(line);
  if (CI) record('PostgreSQL and Redis reachable', { failed: 1 }, t0, 'required with CI=true');
  else say('NOTICE: the PostgreSQL + Redis pass of the server tests is skipped.');
}

// ── checks ───────────────────────────────────────────────────────────────────────────────
header('build');
t0 = Date.now();
const buildCode = (await buildServer()) || (await buildWeb());
const built = buildCode === 0;
record('build', built ? { passed: 1 } : { failed: 1 }, t0, built ? '' : `exit ${buildCode}`);

// The type check (TypeScript's native compiler, several threads), ESLint and Prettier (one
// core each) run beside the tests below, which spend much of their time waiting.
const checks = Promise.all([
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  (async () => {
    await check('lint', 'npm', ['run', '--silent', 'lint']);
    await check('scripts checks (node --test)', process.execPath, [
      '--test',
      'scripts/check-docs.test.mjs',
      'scripts/check-tables.test.mjs',
      'scripts/check-cycles.test.mjs',
    ]);
    await check('format check', 'npm', ['run', '--silent', 'format:check']);
  })(),
]);

// ── tests ────────────────────────────────────────────────────────────────────────────────
// The server's two passes run at the same time: every test app has a database of its own (a
// temp SQLite file, or a PostgreSQL schema and a Redis key prefix of its own), so they cannot
// meet. The small suites run beside them. The e2e tests start once the checks, the small
// suites and the SQLite pass are done: the PostgreSQL pass, the longest, waits mostly on its
// database, and the e2e run uses the cores it leaves idle instead of starting after it.
const sqlitePass = vitest(
  'server on SQLite (Vitest)',
  'server',
  { TEST_DB: 'sqlite' },
  { workers: SERVER_WORKERS },
);
const postgresPass = services
  ? vitest(
      'server on PostgreSQL + Redis (Vitest)',
      'server',
      { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl, TEST_REDIS_URL: redisUrl },
      { workers: POSTGRES_WORKERS },
    )
  : null;
const smallSuites = (async () => {
  await vitest('contracts (Vitest)', 'contracts', {}, { mayBeEmpty: true });
  await vitest('web (Vitest)', 'web');
})();
const [sqlite] = await Promise.all([sqlitePass, smallSuites, checks]);
if (!services && !CI) {
  record(
    'server on PostgreSQL + Redis (Vitest)',
    { skipped: sqlite.passed + sqlite.failed },
    Date.now(),
    'not reachable',
  );
}
const e2e = built
  ? playwright()
  : record('e2e (Playwright)', { failed: 1 }, Date.now(), 'not run: the build failed');
await Promise.all([postgresPass, e2e]);

// ── summary ──────────────────────────────────────────────────────────────────────────────
const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
process.stdout.write('\n');
if (!services) for (const line of serviceHelp) say(line);
for (const r of results) {
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  process.stdout.write(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(40)} ${counts.padEnd(34)} ${r.seconds.toFixed(1).padStart(6)} s\n`,
  );
}
process.stdout.write(`  total time ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
for (const [name, files] of slowest) {
  if (files.length === 0) continue;
  process.stdout.write(`\n  slowest files of ${name}:\n`);
  for (const f of files)
    process.stdout.write(`    ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}\n`);
}
if (failures.length > 0) {
  process.stdout.write(`\n  what failed (${failures.length}):\n`);
  for (const f of failures) {
    process.stdout.write(`    ✗ [${f.step}] ${f.name}\n`);
    for (const line of f.lines) process.stdout.write(`        ${line}\n`);
  }
}
process.stdout.write('\n');
process.stdout.write(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`,
);
process.exit(total.failed > 0 ? 1 : 0);
