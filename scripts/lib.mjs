// Shared helpers of the root scripts. Node built-ins only: these run before any install.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Node flags of the serving process. A 2 MB young generation saves about 20 MB of idle memory
 * against V8's default 16 MB, and one V8 helper thread instead of one per core (the GC's
 * concurrent marking and background compiles still run beside the main thread) with its own
 * malloc arena and stack a few more, both at no measurable cost in CPU per answer
 * (bench/load.mjs; figures in docs/scaling.md).
 */
export const serverNodeFlags = [
  '--max-semi-space-size=2',
  '--v8-pool-size=1',
  // e.g. BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof': a profile of the server
  // a bench started, written when it stops.
  ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
];

/**
 * Environment of the serving process: glibc's malloc keeps up to 8 arenas per core, one per
 * thread that allocates; two are enough for one JavaScript thread and a few helpers, and the
 * others' pages stay resident once touched (about 4 MB idle, docs/scaling.md). A value the
 * caller set is kept.
 */
export const serverEnv = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * TypeScript's native compiler (TypeScript 7, installed as `typescript7`): the same checks and
 * the same JavaScript as TypeScript 5's `tsc`, in about a third of the CPU time, as it runs in
 * Go on every core. TypeScript 5 stays installed for ESLint's parser, which uses its API.
 */
export const tsc = path.join(root, 'node_modules', 'typescript7', 'bin', 'tsc');

/** Prints a line prefixed so it stands out from the tools' own output. */
export function say(message) {
  process.stdout.write(`[atelier] ${message}\n`);
}

/** Runs a command with inherited output; resolves to its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      process.stderr.write(`[atelier] cannot run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of the given files and folders (recursively), 0 if none. */
export function newest(paths, skip = () => false) {
  let best = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(p, entry));
      }
    } else if (!skip(p)) {
      best = Math.max(best, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.resolve(root, p));
  return best;
}

/** True when dependencies are absent or the lockfile changed since the last install. */
export function installNeeded() {
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(hidden)) return true;
  return mtime(path.join(root, 'package-lock.json')) > mtime(hidden);
}

/**
 * `npm ci` when needed. Browsers are never downloaded: tests use Debian's Chromium.
 * npm 11.16+ rejects its own lockfile when an optional platform package (another OS's native
 * binding) cannot be fetched from the registry in use (npm/cli#9846); then the same locked
 * versions are installed with `npm install --no-save`, which leaves the lockfile untouched.
 */
export async function ensureInstalled({ exitOnFailure = true } = {}) {
  if (!installNeeded()) return true;
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  say('installing dependencies (npm ci)…');
  if ((await run('npm', ['ci', '--no-audit', '--no-fund'], { env })) === 0) return true;
  say('npm ci refused; installing the locked versions with npm install --no-save instead…');
  const code = await run('npm', ['install', '--no-save', '--no-audit', '--no-fund'], { env });
  if (code !== 0 && exitOnFailure) {
    process.stderr.write(`[atelier] installing the dependencies failed (exit ${code})\n`);
    process.exit(code);
  }
  return code === 0;
}

/** Test files are not part of a build (see the tsconfig `exclude` lists). */
const isTest = (p) =>
  /\.test\.tsx?$/.test(p) || path.relative(root, p).split(path.sep).includes('test');
const common = [
  'package-lock.json',
  'tsconfig.base.json',
  'contracts/src',
  'contracts/tsconfig.json',
];

const serverStamp = path.join(root, 'server', 'dist', '.build-stamp');
const webIndex = path.join(root, 'web', 'dist', 'index.html');

export function serverStale() {
  const sources = newest([...common, 'server/src', 'server/tsconfig.json'], isTest);
  return mtime(serverStamp) < sources || !fs.existsSync(path.join(root, 'server/dist/main.js'));
}

export function webStale() {
  const sources = newest(
    [
      ...common,
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
    ],
    isTest,
  );
  return mtime(webIndex) < sources;
}

/**
 * Packages the server bundle leaves to Node to load from node_modules: native code
 * (better-sqlite3, argon2, sharp), packages that read their own files at run time (swagger-ui's
 * pages, BullMQ's Lua scripts, pino's workers) and ones loaded only on use (PostgreSQL, Redis,
 * documents, mail), whose code a bundle would not load sooner anyway.
 */
const bundleExternal = [
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@modelcontextprotocol/sdk',
  '@node-rs/argon2',
  'better-sqlite3',
  'bullmq',
  'ioredis',
  'mammoth',
  'nodemailer',
  'pg',
  'pino',
  'prom-client',
  'read-excel-file',
  'sharp',
  'unpdf',
  'yaml',
];

/**
 * V8 keeps a source with one character beyond Latin-1 as two bytes per character: the whole
 * bundle, 3.7 MB, twice over for the few Chinese words in its regular expressions, which
 * esbuild leaves as they are. Each such character becomes its `\uXXXX` escape, the same in a
 * regular expression, a string or a template (a character outside the BMP as its two halves).
 */
function asciiOnly(files) {
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (!/[\u0080-\uffff]/.test(text)) continue;
    fs.writeFileSync(
      file,
      text.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    );
  }
}

/**
 * Replaces server/dist/main.js (tsc's one line, `import './serve.js'`) with one bundle of
 * serve.js and the packages it loads at start, whitespace removed, its lazily imported parts
 * in server/dist/bundle/. V8 keeps every module's source in memory for as long as the process
 * runs: about 9 MB less resident at idle than the 700 modules it replaces (docs/scaling.md,
 * Idle memory). The other files of server/dist stay as tsc wrote them (the worker, the admin
 * command and the tests use them). A linked source map names the server/dist file behind a
 * line (`node --enable-source-maps`). Without esbuild, main.js stays tsc's and still runs.
 */
export async function bundleServer() {
  const dist = path.join(root, 'server', 'dist');
  const main = path.join(dist, 'main.js');
  fs.rmSync(path.join(dist, 'bundle'), { recursive: true, force: true });
  try {
    const esbuild = await import('esbuild');
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: [path.join(dist, 'serve.js')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outdir: dist,
      entryNames: 'main',
      chunkNames: 'bundle/[name]-[hash]',
      external: bundleExternal,
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
      // The CommonJS packages inside call require() for Node's own modules.
      banner: {
        js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
      },
    });
    asciiOnly([
      main,
      ...fs.readdirSync(path.join(dist, 'bundle')).map((f) => path.join(dist, 'bundle', f)),
    ]);
    return 0;
  } catch (error) {
    fs.writeFileSync(main, "import './serve.js';\n");
    say(`server bundle not made (${error.message}); server/dist/main.js loads serve.js`);
    return 0;
  }
}

/** Compiles contracts and server (tsc -b is incremental), then bundles. Returns the exit code. */
export async function buildServer() {
  const started = Date.now();
  let code = await run(process.execPath, [tsc, '-b', 'contracts', 'server']);
  if (code === 0) code = await bundleServer();
  if (code === 0) {
    fs.writeFileSync(serverStamp, new Date(started).toISOString() + '\n');
    fs.utimesSync(serverStamp, new Date(started), new Date(started));
  }
  return code;
}

/** Builds the web app with Vite into web/dist. Returns the exit code. */
export function buildWeb() {
  return run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'web') });
}

/** Builds what is stale (or everything with `force`); exits on failure. */
export async function ensureBuilt({ force = false, web = true } = {}) {
  if (force || serverStale()) {
    say('building contracts and server…');
    const code = await buildServer();
    if (code !== 0) process.exit(code);
  }
  if (web && (force || webStale())) {
    say('building the web app…');
    const code = await buildWeb();
    if (code !== 0) process.exit(code);
  }
}

/** Runs a long-lived child, forwarding signals to it, and exits with its code. */
export function runForwarding(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  const forward = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  child.on('error', (error) => {
    process.stderr.write(`[atelier] cannot run ${command}: ${error.message}\n`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 143)));
  return child;
}

/** A TCP port free on 127.0.0.1: `preferred` when it is free, else one the system picks. */
export function freePort(preferred = 0) {
  const listen = (port) =>
    new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const { port: chosen } = server.address();
        server.close(() => resolve(chosen));
      });
    });
  return listen(preferred).catch(() => listen(0));
}

/**
 * Starts the built server on a free port (`BENCH_PORT` when set and free) with a temporary
 * SQLite data folder (or the given `dataDir`, which it keeps), waits for /readyz, and returns
 * its address and a `stop()` that also removes the data folder it made. `main` starts another
 * build's `main.js` instead (a copy of a `server/dist` inside the repository, so that its
 * packages resolve).
 */
export async function startBuiltServer(env = {}, options = {}) {
  const port = await freePort(Number(process.env.BENCH_PORT ?? 0));
  const base = `http://127.0.0.1:${port}`;
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-run-'));
  const child = spawn(
    process.execPath,
    // `options.main` (chat-stream's BENCH_BASELINE) or BENCH_SERVER_DIST (a folder under
    // server/, e.g. a copy of an older dist) measures another build against the same bench: old
    // and new alternated on the same machine load.
    [
      ...serverNodeFlags,
      options.main ?? path.join(root, 'server', process.env.BENCH_SERVER_DIST || 'dist', 'main.js'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...serverEnv,
        DATABASE_URL: '',
        REDIS_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
    },
  );
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`the server exited (code ${child.exitCode})`);
    }
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { base, pid: child.pid, child, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error('the server did not become ready within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
