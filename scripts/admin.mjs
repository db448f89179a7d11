// npm run admin -- <command>: the admin CLI of the built server (built first when stale).
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, runForwarding } from './lib.mjs';

await ensureInstalled();
await ensureBuilt({ web: false });

const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || path.join(root, 'data') };
runForwarding(
  process.execPath,
  [path.join(root, 'server', 'dist', 'cli', 'admin.js'), ...process.argv.slice(2)],
  { env },
);
