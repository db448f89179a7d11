// npm start: install when needed, build what is stale, then serve the app in embedded mode
// (SQLite and files under ./data, the built web app served by the same process).
import path from 'node:path';
import {
  ensureBuilt,
  ensureInstalled,
  root,
  runForwarding,
  serverEnv,
  serverNodeFlags,
} from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

const env = {
  ...process.env,
  ...serverEnv,
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'data'),
  WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'web', 'dist'),
};
runForwarding(
  process.execPath,
  [...serverNodeFlags, path.join(root, 'server', 'dist', 'main.js')],
  {
    env,
  },
);
