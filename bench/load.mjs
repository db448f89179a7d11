// Load benchmark: the built server on a temporary SQLite data folder, 50 connections for 10 s
// on an authenticated read (GET /api/auth/getInfo) and a public one (GET /api/config/queryFronet).
// Prints requests/s, p50 and p99 latency, and the server's idle memory. Figures, not a test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

await ensureInstalled();
await ensureBuilt({ web: false });

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    WEB_DIST: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
    RATE_LIMIT_AUTH: '1000000',
    RATE_LIMIT_GLOBAL: '100000000',
  },
});
const cleanup = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

async function waitReady() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become ready within 30 s');
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function measure(title, pathname, headers = {}) {
  const result = await autocannon({
    url: `${base}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad,
  };
}

try {
  await waitReady();
  await new Promise((r) => setTimeout(r, 2000));
  const idle = rssMb(server.pid);

  const username = `bench${Date.now().toString(36)}`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-password-1' }),
  });
  const body = await res.json();
  if (!res.ok || !body?.data?.token)
    throw new Error(`registration failed: ${res.status} ${body?.message}`);
  const token = body.data.token;

  const rows = [];
  rows.push(
    await measure('GET /api/auth/getInfo (authenticated)', '/api/auth/getInfo', {
      authorization: `Bearer ${token}`,
    }),
  );
  rows.push(await measure('GET /api/config/queryFronet (public)', '/api/config/queryFronet'));
  const loaded = rssMb(server.pid);

  const cpu = os.cpus();
  console.log(
    `\nAtelier load benchmark — SQLite, ${CONNECTIONS} connections, ${DURATION} s each, ` +
      `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}\n`,
  );
  console.log(
    `${'endpoint'.padEnd(42)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(11)}${'non-2xx'.padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.title.padEnd(42)}${r.rps.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.total).padStart(11)}${String(r.bad).padStart(9)}`,
    );
  }
  console.log(`\nserver RSS: ${idle.toFixed(1)} MB idle, ${loaded.toFixed(1)} MB after load\n`);
  if (rows.some((r) => r.bad > 0))
    console.log('note: some answers were not 2xx; the figures above include them.\n');
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  cleanup();
}
