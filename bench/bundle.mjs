// The bytes a first visit actually transfers, measured against the built server (which sends
// the build's brotli or gzip copy of each file). Figures, not a test.
//  1. HTTP: index.html and every file it names (module script, modulepreload, stylesheet,
//     icon), and the chunks those import statically, requested with `Accept-Encoding: br, gzip`.
//  2. Browser (when Chromium is at /usr/bin/chromium or BENCH_CHROMIUM): everything a fresh
//     Chromium fetches to show the first page, lazy chunks and API answers included.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, startBuiltServer } from '../scripts/lib.mjs';

await ensureInstalled();
await ensureBuilt();

const TARGET = 150 * 1024;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const row = (name, ...cells) =>
  `  ${name.length > 52 ? `…${name.slice(-51)}` : name.padEnd(52)}${cells.map((c) => c.padStart(11)).join('')}`;

/** GET with the encodings a browser accepts; the body as sent (not decoded) and its size decoded. */
function fetchRaw(base, path) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}${path}`,
      { headers: { 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];

/**
 * The files index.html names: module script, modulepreload, stylesheet and icon links (and the
 * stylesheet a first-paint page only preloads, docs/web.md, First paint).
 */
function namedFiles(html) {
  const files = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
    if (attr(tag, 'src')) files.push(attr(tag, 'src'));
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, 'rel') ?? '';
    if (/modulepreload|stylesheet|icon|^preload$/.test(rel) && attr(tag, 'href'))
      files.push(attr(tag, 'href'));
  }
  return files;
}

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`). */
const staticImports = (code) =>
  [
    ...code.matchAll(
      /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
    ),
  ].map((m) => m[1]);

async function overHttp(base) {
  const seen = new Map();
  const visit = async (path) => {
    if (seen.has(path)) return;
    seen.set(path, null);
    const res = await fetchRaw(base, path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const encoding = res.headers['content-encoding'] ?? 'none';
    seen.set(path, { bytes: res.body.length, encoding, cache: res.headers['cache-control'] });
    if (!path.endsWith('.js')) return;
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const code = (
      encoding === 'br'
        ? brotliDecompressSync(res.body)
        : encoding === 'gzip'
          ? gunzipSync(res.body)
          : res.body
    ).toString();
    for (const spec of staticImports(code)) {
      if (spec.startsWith('/')) await visit(spec);
      else if (spec.startsWith('.')) await visit(new URL(spec, `http://x${path}`).pathname);
    }
  };
  const index = await fetchRaw(base, '/');
  const { brotliDecompressSync } = await import('node:zlib');
  const html = (
    index.headers['content-encoding'] === 'br' ? brotliDecompressSync(index.body) : index.body
  ).toString();
  seen.set('/', {
    bytes: index.body.length,
    encoding: index.headers['content-encoding'] ?? 'none',
    cache: index.headers['cache-control'],
  });
  // A `data:` address (the inline icon) goes nowhere on the wire.
  for (const file of namedFiles(html)) if (!file.startsWith('data:')) await visit(file);
  console.log(`\n1. index.html and what it names, Accept-Encoding: br, gzip\n`);
  console.log(row('file', 'sent', 'encoding'));
  let total = 0;
  for (const [path, f] of seen) {
    total += f.bytes;
    console.log(row(path, kb(f.bytes), f.encoding));
  }
  console.log(row('total transferred (bodies)', kb(total)));
  return total;
}

function chromiumPath() {
  const candidate = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
  return fs.existsSync(candidate) ? candidate : null;
}

async function inBrowser(base) {
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log('\n2. first page in Chromium: skipped (no Chromium; set BENCH_CHROMIUM)');
    return null;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      // Chromium asks for brotli only over HTTPS; the bench server is plain HTTP on loopback.
      extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    cdp.on('Network.responseReceived', (e) =>
      requests.set(e.requestId, {
        url: e.response.url,
        encoding: e.response.headers['content-encoding'] ?? 'none',
      }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const rows = [...requests.values()].filter((r) => r.bytes !== undefined);
    const isApi = (r) => new URL(r.url).pathname.startsWith('/api/');
    console.log(`\n2. first page in Chromium (1440 px, fresh profile), headers included\n`);
    console.log(row('request', 'transferred', 'encoding'));
    for (const r of rows.sort((a, b) => b.bytes - a.bytes))
      console.log(row(new URL(r.url).pathname, kb(r.bytes), r.encoding));
    const sum = (list) => list.reduce((s, r) => s + r.bytes, 0);
    const files = sum(rows.filter((r) => !isApi(r)));
    console.log(row(`web app files (${rows.filter((r) => !isApi(r)).length})`, kb(files)));
    console.log(row(`API answers (${rows.filter(isApi).length})`, kb(sum(rows.filter(isApi)))));
    console.log(row('total', kb(sum(rows))));
    return files;
  } finally {
    await browser.close();
  }
}

const server = await startBuiltServer({ WEB_DIST: path.join(root, 'web', 'dist') });
try {
  const http1 = await overHttp(server.base);
  const browserFiles = await inBrowser(server.base);
  const figure = browserFiles ?? http1;
  console.log(
    `\nFirst page: ${kb(figure)} of web app files transferred (target ≤ ${kb(TARGET)}: ${figure <= TARGET ? 'met' : 'over'})\n`,
  );
} finally {
  server.stop();
}
