// npm run dev: the server from its sources with reload (tsx watch) plus Vite with hot reload,
// which proxies /api to the server (http://127.0.0.1:3000, see web/vite.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, ensureInstalled, root, say } from './lib.mjs';

await ensureInstalled();

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'development',
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'data'),
};
const children = [
  spawn(bin('tsx'), ['watch', '--conditions=source', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'web'), stdio: 'inherit', env }),
];
say('dev: open the Vite address below; the API runs on the server with reload.');

let stopping = false;
const stop = (signal, code) => {
  if (!stopping) {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  }
  const left = children.filter((c) => c.exitCode === null && c.signalCode === null).length;
  if (left === 0) process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal, 130));
for (const child of children) {
  child.on('exit', (code) => stop('SIGTERM', code ?? 0));
}
