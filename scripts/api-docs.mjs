// Writes docs/api.md from the contracts (contracts/src/api-docs.ts). `npm test` fails while the
// file differs from what the contracts say (contracts/src/api-docs.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { root } from './lib.mjs';

register();
const { renderApiDocs } = await import('../contracts/src/api-docs.ts');
const target = path.join(root, 'docs', 'api.md');
fs.writeFileSync(target, renderApiDocs());
console.log(`wrote ${path.relative(root, target)}`);
