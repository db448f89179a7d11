// Chat streaming benchmark: time to first byte and total time of a streamed answer through
// Atelier (/api/chatgpt/chat-process: identity, hold, logs, relay, settle) versus straight to
// the fake OpenAI-compatible upstream, at 1 and at 200 concurrent streams. Figures, not a test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, startBuiltServer } from '../scripts/lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// Another build's server/dist (copied inside the repository, e.g. server/baseline/dist) run
// beside this one, batches of answers alternating between the two: on a shared machine whose
// load moves minute to minute, only answers measured side by side compare two builds.
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,200').split(',').map(Number);

await ensureInstalled();
await ensureBuilt({ web: false });

// The fake upstream (server/test/fakes/openai.ts) in a process of its own.
const fakeCode = `
  const { startFakeOpenAI } = await import(${JSON.stringify(path.join(root, 'server/test/fakes/openai.ts'))});
  const fake = await startFakeOpenAI();
  fake.reply = ${JSON.stringify('Streaming benchmark reply. '.repeat(16))};
  fake.pieceSize = 8;
  fake.usage = { prompt_tokens: 20, completion_tokens: 110 };
  setInterval(() => { fake.requests.length = 0; }, 1000);
  console.log(fake.url);
`;
const fakeProc = spawn(
  process.execPath,
  ['--import', 'tsx', '--input-type=module', '-e', fakeCode],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const fakeUrl = await new Promise((resolve, reject) => {
  fakeProc.stdout.once('data', (d) => resolve(d.toString().trim()));
  fakeProc.once('exit', (code) => reject(new Error(`the fake upstream exited (${code})`)));
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-chat-'));
const configFile = path.join(dir, 'atelier.yaml');
fs.writeFileSync(
  configFile,
  [
    'providers:',
    '  - name: bench',
    '    protocol: openai',
    `    baseUrl: ${fakeUrl}`,
    '    apiKey: sk-bench',
    '    concurrency: 10000',
    '    timeoutMs: 60000',
    'models:',
    '  - name: Bench',
    '    provider: bench',
    '    upstreamModel: gpt-bench',
    '    priceKey: bench-chat:chat',
    '    contextWindow: 8192',
    '    maxOutput: 512',
    '',
  ].join('\n'),
);

const serverEnv = {
  NODE_ENV: 'production',
  WEB_DIST: '',
  ATELIER_CONFIG: configFile,
  ADMIN_PASSWORD: 'bench-admin-password',
  RATE_LIMIT_AUTH: '1000000',
  RATE_LIMIT_GLOBAL: '100000000',
  CHAT_RATE_LIMIT: '100000000',
  CHAT_USER_CONCURRENCY: '10000',
};
const [server, baseline] = await Promise.all([
  startBuiltServer(serverEnv),
  BASELINE ? startBuiltServer(serverEnv, { main: path.join(BASELINE, 'main.js') }) : null,
]).catch((error) => {
  fakeProc.kill('SIGTERM');
  throw error;
});
const stopAll = () => {
  server.stop();
  baseline?.stop();
  fakeProc.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

// The server collects its start's garbage once, 5 s after it listens (server/src/serve.ts:
// two compacting full collections, hundreds of ms on a loaded machine): measured after it, or it
// lands in the answers' CPU and first bytes. BENCH_START_WAIT_MS changes the wait.
await new Promise((resolve) =>
  setTimeout(resolve, Number(process.env.BENCH_START_WAIT_MS ?? 6500)),
);

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

async function apiOn(pathname, body, token, base) {
  const res = await fetch(`${base}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${json.message}`);
  return json.data;
}

/** One streamed POST; times from sending to the first body byte and to the end. */
function timedStream(url, body, headers) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let first = 0;
    let firstText = 0;
    let seen = '';
    let bytes = 0;
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.on('data', (c) => {
          const now = Number(process.hrtime.bigint() - started) / 1e6;
          if (!first) first = now;
          // The first byte of the answer's text: Atelier's first line carries none (docs/chat.md).
          if (!firstText) {
            seen += c.toString('latin1');
            if (/"(text|content)":"[^"]/.test(seen)) firstText = now;
          }
          bytes += c.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          else
            resolve({
              ttfb: first,
              text: firstText,
              total: Number(process.hrtime.bigint() - started) / 1e6,
              bytes,
            });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** CPU seconds a process has used so far (Linux /proc; null elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in 1/100 s
  } catch {
    return null;
  }
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs each path's answers, the paths' batches alternating (50 answers at concurrency 1). */
async function runSideBySide(paths, concurrency) {
  for (const { once } of paths)
    await Promise.all(Array.from({ length: Math.min(concurrency, 20) }, once)); // warm-up
  const got = paths.map(() => ({ samples: [], cpu: 0 }));
  const batches = concurrency === 1 ? ROUNDS * 4 : ROUNDS;
  for (let b = 0; b < batches; b++)
    for (let i = 0; i < paths.length; i++) {
      // Which path goes first swaps each batch.
      const at = b % 2 ? paths.length - 1 - i : i;
      const { once, pid } = paths[at];
      const cpuBefore = cpuSeconds(pid);
      if (concurrency === 1) for (let n = 0; n < 50; n++) got[at].samples.push(await once());
      else got[at].samples.push(...(await Promise.all(Array.from({ length: concurrency }, once))));
      got[at].cpu += (cpuSeconds(pid) ?? NaN) - (cpuBefore ?? NaN);
    }
  return paths.map(({ label }, i) => summary(label, concurrency, got[i].samples, got[i].cpu));
}

async function run(label, concurrency, once, pid) {
  await Promise.all(Array.from({ length: Math.min(concurrency, 20) }, once)); // warm-up
  const samples = [];
  const cpuBefore = cpuSeconds(pid);
  for (let r = 0; r < (concurrency === 1 ? ROUNDS * 200 : ROUNDS); r++)
    samples.push(...(await Promise.all(Array.from({ length: concurrency }, once))));
  const cpuAfter = cpuSeconds(pid);
  return summary(
    label,
    concurrency,
    samples,
    cpuBefore === null || cpuAfter === null ? NaN : cpuAfter - cpuBefore,
  );
}

function summary(label, concurrency, samples, cpu) {
  const ttfb = samples.map((s) => s.ttfb).sort((a, b) => a - b);
  const total = samples.map((s) => s.total).sort((a, b) => a - b);
  const text = samples.map((s) => s.text).sort((a, b) => a - b);
  return {
    label,
    concurrency,
    streams: samples.length,
    ttfb50: pct(ttfb, 50),
    ttfb99: pct(ttfb, 99),
    text50: pct(text, 50),
    total50: pct(total, 50),
    total99: pct(total, 99),
    cpuPerStream: Number.isNaN(cpu) ? null : (cpu * 1000) / samples.length,
  };
}

/** A user with credits and a chat on the server at `base`; answers one streamed question. */
async function chatterOn(base) {
  const api = (pathname, body, token) => apiOn(pathname, body, token, base);
  const admin = await api('/auth/login', { username: 'admin', password: 'bench-admin-password' });
  await api(
    '/admin/credits/prices/create',
    {
      model: 'bench-chat',
      action: 'chat',
      category: 'chat',
      label: 'Bench chat',
      unit: '1k_tokens',
      inputPer1k: 1,
      outputPer1k: 2,
    },
    admin.token,
  );
  const user = await api('/auth/register', {
    username: `bench${Date.now().toString(36)}`,
    password: 'bench-password-1',
  });
  const info = await api('/auth/getInfo', undefined, user.token);
  await api(
    '/admin/credits/adjust',
    { userId: info.userInfo.id, amount: 10_000_000, reason: 'bench' },
    admin.token,
  );
  const group = await api('/group/create', {}, user.token);
  const models = await api('/autoreply/queryGptModel', undefined, user.token);
  const modelId = models.rows.find((m) => m.name === 'Bench').id;

  return () =>
    timedStream(
      `${base}/api/chatgpt/chat-process`,
      {
        gptModelId: modelId,
        prompt: 'Benchmark prompt',
        options: { groupId: group.id, usingContext: false },
      },
      { authorization: `Bearer ${user.token}` },
    );
}

try {
  const viaAtelier = await chatterOn(server.base);
  const viaBaseline = baseline ? await chatterOn(baseline.base) : null;
  const direct = () =>
    timedStream(
      `${fakeUrl}/chat/completions`,
      {
        model: 'gpt-bench',
        messages: [{ role: 'user', content: 'Benchmark prompt' }],
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 512,
      },
      { authorization: 'Bearer sk-bench' },
    );

  const rows = [];
  // The machine's load moves every figure here: printed before and after the runs.
  const loadBefore = os.loadavg();
  for (const c of LEVELS) {
    rows.push(await run('direct to upstream', c, direct, fakeProc.pid));
    if (baseline)
      rows.push(
        ...(await runSideBySide(
          [
            { label: 'through Atelier', once: viaAtelier, pid: server.pid },
            { label: 'through baseline', once: viaBaseline, pid: baseline.pid },
          ],
          c,
        )),
      );
    else rows.push(await run('through Atelier', c, viaAtelier, server.pid));
  }
  const f = (n) => `${n.toFixed(2)} ms`.padStart(10);
  console.log(
    `\nChat streaming (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, SQLite, ` +
      `${Math.ceil('Streaming benchmark reply. '.repeat(16).length / 8)} chunks per answer)\n`,
  );
  console.log(
    `${'path'.padEnd(20)} ${'conc'.padStart(5)} ${'streams'.padStart(8)}   TTFB p50   TTFB p99  text p50  total p50  total p99  CPU/stream`,
  );
  for (const r of rows)
    console.log(
      `${r.label.padEnd(20)} ${String(r.concurrency).padStart(5)} ${String(r.streams).padStart(8)} ${f(r.ttfb50)} ${f(r.ttfb99)} ${f(r.text50)} ${f(r.total50)} ${f(r.total99)} ${r.cpuPerStream === null ? '         ?' : f(r.cpuPerStream)}`,
    );
  console.log(
    '\nCPU/stream: the CPU the answering process used per stream (the fake upstream for ' +
      '"direct", the Atelier server for "through Atelier").',
  );
  const load = (l) => l.map((n) => n.toFixed(1)).join(' ');
  console.log(
    `Load average (1, 5, 15 min): ${load(loadBefore)} before, ${load(os.loadavg())} after.`,
  );
  console.log('\nAdded by Atelier (p50):');
  for (const c of LEVELS) {
    const d = rows.find((r) => r.concurrency === c && r.label.startsWith('direct'));
    for (const a of rows.filter((r) => r.concurrency === c && r.label.startsWith('through')))
      console.log(
        `  ${String(c).padStart(3)} concurrent${baseline ? `, ${a.label.slice(8)}` : ''}: TTFB +${(a.ttfb50 - d.ttfb50).toFixed(2)} ms, first text +${(a.text50 - d.text50).toFixed(2)} ms, total +${(a.total50 - d.total50).toFixed(2)} ms`,
      );
  }
} finally {
  agent.destroy();
  stopAll();
}
