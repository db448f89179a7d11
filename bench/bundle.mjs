// The web app's initial JavaScript: the module script of web/dist/index.html and the chunks it
// preloads, each gzipped (level 9, as a static server would pre-compress). Figures, not a test.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';

await ensureInstalled();
await ensureBuilt();

const dist = path.join(root, 'web', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
const files = new Set();
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  if (attr(tag, 'type') === 'module' && attr(tag, 'src')) files.add(attr(tag, 'src'));
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) files.add(attr(tag, 'href'));
}
if (files.size === 0) {
  console.error('bundle: web/dist/index.html names no module script');
  process.exit(1);
}

let raw = 0;
let gzip = 0;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\nAtelier web: initial JavaScript (from web/dist/index.html)\n`);
for (const src of files) {
  const file = path.join(dist, src.replace(/^\//, ''));
  const bytes = fs.readFileSync(file);
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += gz;
  console.log(`  ${src.padEnd(48)}${kb(bytes.length).padStart(12)}${kb(gz).padStart(12)} gzip`);
}
console.log(`  ${'total'.padEnd(48)}${kb(raw).padStart(12)}${kb(gzip).padStart(12)} gzip\n`);
