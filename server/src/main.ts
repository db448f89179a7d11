// The server's entry. `npm run build` replaces its compiled file (server/dist/main.js) with one
// bundle of serve.js and the packages it loads at start (scripts/lib.mjs `bundleServer`):
// fewer, smaller module sources stay resident (docs/scaling.md, Idle memory).
import './serve.js';
