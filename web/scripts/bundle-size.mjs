#!/usr/bin/env node
/**
 * Prints the initial JavaScript of the built web app (gzip): the entry script of
 * `dist/index.html` plus every chunk it imports statically (transitively). Lazy chunks
 * (`import()`) are not counted. Usage: `node web/scripts/bundle-size.mjs [distDir] [--json|--summary]`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const json = args.includes('--json');
/** `--summary`: the total line only (the build prints it). */
const summary = args.includes('--summary');
const dist = resolve(
  args.find((a) => !a.startsWith('--')) ??
    join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const entries = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1].replace(/^\//, ''));

/** Static imports of a built chunk: `import … from "./x.js"`, `import "./x.js"`, `export … from`. */
const staticImports = (code) =>
  [
    ...code.matchAll(
      /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
    ),
  ].map((m) => m[1]);

const seen = new Map();
const visit = (file) => {
  if (seen.has(file)) return;
  const code = readFileSync(join(dist, file), 'utf8');
  seen.set(file, { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });
  for (const spec of staticImports(code)) {
    if (spec.startsWith('.')) visit(posix.normalize(posix.join(posix.dirname(file), spec)));
    else if (spec.startsWith('/')) visit(spec.slice(1));
  }
};
entries.forEach(visit);

const files = [...seen].map(([file, size]) => ({ file, ...size })).sort((a, b) => b.gzip - a.gzip);
const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), {
  raw: 0,
  gzip: 0,
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (json) {
  console.log(
    JSON.stringify({ initialJsGzipBytes: total.gzip, initialJsBytes: total.raw, files }, null, 2),
  );
} else {
  if (!summary) for (const f of files) console.log(`${kb(f.gzip).padStart(10)}  ${f.file}`);
  console.log(`initial JS: ${kb(total.gzip)} gzip (${kb(total.raw)} raw) in ${files.length} files`);
}
