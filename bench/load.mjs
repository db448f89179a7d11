// Load benchmark: the built server on a temporary SQLite data folder, 50 connections for 10 s
// on an authenticated read (GET /api/auth/getInfo) and a public one (GET /api/config/queryFronet).
// Prints requests/s, p50 and p99 latency, and the server's idle memory. Figures, not a test.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled, startBuiltServer } from '../scripts/lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Seconds of load before each measured run, not counted: the first seconds carry V8's compiles.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// The server logs at `warn` by default here; BENCH_LOG_LEVEL=info measures with the one line
// per request a production server writes (to /dev/null: the bench ignores the server's output).
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

await ensureInstalled();
await ensureBuilt({ web: false });

const server = await startBuiltServer({
  NODE_ENV: 'production',
  WEB_DIST: '',
  ADMIN_PASSWORD: 'bench-admin-password',
  RATE_LIMIT_AUTH: '1000000',
  RATE_LIMIT_GLOBAL: '100000000',
  LOG_LEVEL,
  // The example works are painted in the background of a first start, for tens of seconds on
  // this machine: their CPU would be counted against the first endpoint's answers.
  SEED_EXAMPLES: 'false',
});
const { base } = server;
process.on('SIGINT', () => {
  server.stop();
  process.exit(130);
});

function rssMb(pid) {
  const { exitCode, signalCode } = server.child;
  if (exitCode !== null || signalCode !== null)
    throw new Error(`the server stopped (exit ${exitCode ?? signalCode})`);
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds (user + system) the server process has used, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(title, pathname, headers = {}) {
  if (WARMUP > 0)
    await autocannon({
      url: `${base}${pathname}`,
      connections: CONNECTIONS,
      duration: WARMUP,
      headers,
    });
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({
    url: `${base}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    // The server's CPU per answer: unlike req/s, it hardly moves with the machine's load.
    cpuUs: (cpu * 1e6) / Math.max(1, result.requests.total),
    load: os.loadavg()[0],
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad,
  };
}

try {
  // Right after start the heap still holds start-up garbage (migrations, seeding) that V8's
  // memory reducer collects after a few quiet seconds: both figures are printed.
  await new Promise((r) => setTimeout(r, 2000));
  const started = rssMb(server.pid);
  await new Promise((r) => setTimeout(r, 13_000));
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
    `\nAtelier load benchmark — SQLite, ${CONNECTIONS} connections, ${DURATION} s each ` +
      `after ${WARMUP} s of warm-up, ` +
      `LOG_LEVEL=${LOG_LEVEL}, Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}\n`,
  );
  console.log(
    `${'endpoint'.padEnd(42)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(11)}${'non-2xx'.padStart(9)}${'CPU µs/req'.padStart(12)}${'load'.padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.title.padEnd(42)}${r.rps.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.total).padStart(11)}${String(r.bad).padStart(9)}${r.cpuUs.toFixed(0).padStart(12)}${r.load.toFixed(1).padStart(7)}`,
    );
  }
  console.log(
    `\nserver RSS: ${started.toFixed(1)} MB 2 s after start, ${idle.toFixed(1)} MB idle ` +
      `(15 s after start), ${loaded.toFixed(1)} MB after load\n`,
  );
  if (rows.some((r) => r.bad > 0))
    console.log('note: some answers were not 2xx; the figures above include them.\n');
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  server.stop();
}
