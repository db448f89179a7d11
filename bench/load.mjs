// Load benchmark: the built server on a temporary SQLite data folder, 50 connections for 10 s
// on an authenticated read (GET /api/auth/getInfo) and a public one (GET /api/config/queryFronet).
// Prints requests/s, p50 and p99 latency, and the server's idle memory. Figures, not a test.
// With BENCH_99AI_URL, 99AI's same two reads run under the same load, alternating with ours
// (bench/README.md says how to start 99AI beside it).
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
// 99AI (github.com/vastxie/99AI) running beside it: its address, an account to sign in with
// (BENCH_99AI_USER / BENCH_99AI_PASSWORD) or a token, and its process id for its CPU.
const AI99 = process.env.BENCH_99AI_URL?.replace(/\/$/, '');
// Alternations of ours and theirs: the machine's load moves between runs of 10 s.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (AI99 ? 3 : 1));

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

/** 99AI's token: BENCH_99AI_TOKEN, else a sign-in (POST /api/auth/login answers it as `data`). */
async function signIn99AI() {
  if (process.env.BENCH_99AI_TOKEN) return process.env.BENCH_99AI_TOKEN;
  const res = await fetch(`${AI99}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: process.env.BENCH_99AI_USER ?? 'super',
      password: process.env.BENCH_99AI_PASSWORD ?? '',
    }),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok || typeof answer?.data !== 'string')
    throw new Error(`99AI sign-in failed: ${res.status} ${answer?.message ?? ''}`);
  return answer.data;
}

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

async function measure(title, pathname, headers = {}, target = { base, pid: server.pid }) {
  if (WARMUP > 0)
    await autocannon({
      url: `${target.base}${pathname}`,
      connections: CONNECTIONS,
      duration: WARMUP,
      headers,
    });
  const cpuBefore = target.pid ? cpuSeconds(target.pid) : 0;
  const result = await autocannon({
    url: `${target.base}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const cpu = target.pid ? cpuSeconds(target.pid) - cpuBefore : NaN;
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    // The server's CPU per answer: unlike req/s, it hardly moves with the machine's load.
    cpuUs: (cpu * 1e6) / Math.max(1, result.requests.total),
    ours: target.pid === server.pid,
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
  const theirs = AI99 ? { base: AI99, pid: Number(process.env.BENCH_99AI_PID) || 0 } : null;
  const theirToken = theirs ? await signIn99AI() : null;

  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    rows.push(
      await measure('GET /api/auth/getInfo (authenticated)', '/api/auth/getInfo', {
        authorization: `Bearer ${token}`,
      }),
    );
    if (theirs)
      rows.push(
        await measure(
          '99AI GET /api/auth/getInfo',
          '/api/auth/getInfo',
          { authorization: `Bearer ${theirToken}` },
          theirs,
        ),
      );
  }
  for (let round = 0; round < ROUNDS; round++) {
    rows.push(await measure('GET /api/config/queryFronet (public)', '/api/config/queryFronet'));
    if (theirs)
      rows.push(
        await measure('99AI GET /api/config/queryFront', '/api/config/queryFront', {}, theirs),
      );
  }
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
      `${r.title.padEnd(42)}${r.rps.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.total).padStart(11)}${String(r.bad).padStart(9)}${(Number.isNaN(r.cpuUs) ? '-' : r.cpuUs.toFixed(0)).padStart(12)}${r.load.toFixed(1).padStart(7)}`,
    );
  }
  if (theirs) {
    // Each of our runs against the run of theirs right after it, at nearly the same load.
    console.log('\nAtelier ÷ 99AI, each pair run back to back (req/s; CPU per answer):');
    for (let i = 0; i + 1 < rows.length; i += 2) {
      const [a, b] = [rows[i], rows[i + 1]];
      const cpu = Number.isNaN(b.cpuUs) ? '' : `; ${(b.cpuUs / a.cpuUs).toFixed(1)}× less CPU`;
      console.log(
        `  ${a.title.split(' (')[0].padEnd(34)} ${(a.rps / b.rps).toFixed(1)}× ` +
          `(${a.rps.toFixed(0)} vs ${b.rps.toFixed(0)} req/s${cpu})`,
      );
    }
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
