// No import cycles among the repository's own files: a module that imports itself round a
// loop sees half-initialised values at start-up, and the loop ties domains together that the
// architecture keeps apart (docs/architecture.md §8). Type-only imports do not count (they
// vanish when compiled); value imports, re-exports and dynamic `import()` do, as with ESLint's
// import-x/no-cycle, which this replaces: that rule re-resolved every file's imports for every
// file and cost more than two thirds of the lint's time. Run by `npm run lint`; exits non-zero
// and prints each loop.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skipDirs = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results']);
const sourceExt = /\.(?:ts|tsx|mts|mjs|js)$/;

/** The repository's source files (not declarations, not what tools generate). */
export function sourceFiles(dir = root) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (sourceExt.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Comments removed, strings kept: an import named in a comment is not an import. */
const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/[^\n]*/g, (m, before) => before ?? '');

/**
 * The relative specifiers a file imports at run time: `import … from`, `import '…'`,
 * `export … from` and `import('…')`, leaving out `import type` / `export type` and imports whose
 * every name is marked `type`.
 */
export function runtimeImports(text) {
  const found = [];
  const code = withoutComments(text);
  const statement =
    /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(statement)) {
    const [, , typeOnly, clause, from, bare, dynamic] = m;
    const specifier = from ?? bare ?? dynamic;
    if (!specifier?.startsWith('.')) continue;
    if (typeOnly) continue;
    if (clause && onlyTypes(clause)) continue;
    found.push(specifier);
  }
  return found;
}

/** `{ type A, type B }` (and nothing else) names types only. */
function onlyTypes(clause) {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** The file a relative specifier reaches (TypeScript's `.js` → `.ts` rule, or a folder's index). */
export function resolve(fromFile, specifier, exists = fs.existsSync) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.mjs`,
    `${stem}.js`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
    path.join(base, 'index.js'),
  ];
  return candidates.find((c) => sourceExt.test(c) && exists(c)) ?? null;
}

/** Each loop of the graph (Tarjan's strongly connected components), as a list of files. */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const order = new Map();
  const low = new Map();
  const found = [];
  const visit = (start) => {
    // Iterative, so that a long chain of imports cannot overflow the stack.
    const work = [[start, 0]];
    order.set(start, index);
    low.set(start, index++);
    stack.push(start);
    on.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const [node, i] = top;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        top[1] += 1;
        const to = next[i];
        if (!order.has(to)) {
          order.set(to, index);
          low.set(to, index++);
          stack.push(to);
          on.add(to);
          work.push([to, 0]);
        } else if (on.has(to)) low.set(node, Math.min(low.get(node), order.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          on.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || next.includes(node)) found.push(component.reverse());
      }
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = runtimeImports(text)
      .map((s) => resolve(file, s))
      .filter((t) => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const loops = cycles(importGraph(sourceFiles()));
  for (const loop of loops) {
    const names = loop.map((f) => path.relative(root, f));
    process.stderr.write(`import cycle: ${[...names, names[0]].join(' → ')}\n`);
  }
  if (loops.length) process.exit(1);
}
