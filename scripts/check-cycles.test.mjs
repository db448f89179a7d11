// The import-cycle check: what counts as an import, how a specifier reaches a file, and that a
// loop of any length is found (and only a loop).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cycles, resolve, runtimeImports } from './check-cycles.mjs';

test('value imports, re-exports and dynamic imports count; type-only ones and packages do not', () => {
  const text = [
    "import { a } from './a.js';",
    "import type { B } from './b.js';",
    "import { type C, type D } from './c.js';",
    "import { type E, f } from './e.js';",
    "export { g } from './g.js';",
    "export type { H } from './h.js';",
    "import './side-effect.js';",
    "const lazy = () => import('./lazy.js');",
    "import React from 'react';",
    "// import { nope } from './comment.js';",
    "/* import { nope } from './block.js'; */",
    'import {\n  multi,\n  line,\n} from "./multi.js";',
  ].join('\n');
  assert.deepEqual(runtimeImports(text), [
    './a.js',
    './e.js',
    './g.js',
    './side-effect.js',
    './lazy.js',
    './multi.js',
  ]);
});

test('a `.js` specifier reaches the `.ts` or `.tsx` file, a folder its index', () => {
  const files = new Set(['/r/x/a.ts', '/r/x/b.tsx', '/r/x/dir/index.ts', '/r/x/c.mjs']);
  const exists = (f) => files.has(f);
  assert.equal(resolve('/r/x/m.ts', './a.js', exists), '/r/x/a.ts');
  assert.equal(resolve('/r/x/m.ts', './b.js', exists), '/r/x/b.tsx');
  assert.equal(resolve('/r/x/m.ts', './dir', exists), '/r/x/dir/index.ts');
  assert.equal(resolve('/r/x/m.ts', './c.mjs', exists), '/r/x/c.mjs');
  assert.equal(resolve('/r/x/m.ts', './none.js', exists), null);
});

test('loops of two and more files and a file importing itself are found; a diamond is not a loop', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', []],
    ['e', ['f', 'g']],
    ['f', ['h']],
    ['g', ['h']],
    ['h', []],
    ['s', ['s']],
    ['p', ['q']],
    ['q', ['p']],
  ]);
  const found = cycles(graph).map((loop) => [...loop].sort().join(''));
  assert.deepEqual(found.sort(), ['abc', 'pq', 's']);
});
