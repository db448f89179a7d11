// npm run build: compile contracts and server, and build the web app, unconditionally.
import { ensureBuilt, ensureInstalled } from './lib.mjs';

await ensureInstalled();
await ensureBuilt({ force: true });
