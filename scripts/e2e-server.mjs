// The e2e tests' server (e2e/playwright.config.ts starts it): the built server with the
// environment Playwright gives it. Its whole log (JSON lines, LOG_LEVEL=info: every answer with
// its status) goes to E2E_SERVER_LOG, which e2e/support/server-log-reporter.ts reads after the
// run; warnings, errors and any line that is not JSON are also shown on the console.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, serverEnv, serverNodeFlags } from './lib.mjs';

const logFile = process.env.E2E_SERVER_LOG;
const out = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
const child = spawn(
  process.execPath,
  [...serverNodeFlags, path.join(root, 'server', 'dist', 'main.js')],
  { env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'pipe', 'pipe'] },
);

/** Copies a stream into the log file and shows its lines of level ≥ 40 (or not JSON). */
function follow(stream, console) {
  let rest = '';
  stream.on('data', (chunk) => {
    out?.write(chunk);
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) continue;
      let level = 100;
      try {
        level = Number(JSON.parse(line).level ?? 100);
      } catch {
        // Not a log line (a crash's stack): shown as it is.
      }
      if (level >= 40) console.write(`${line}\n`);
    }
  });
}
follow(child.stdout, process.stdout);
follow(child.stderr, process.stderr);

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  const done = () => process.exit(code ?? (signal ? 0 : 1));
  if (out) out.end(done);
  else done();
});
