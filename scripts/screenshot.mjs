// Takes docs/screenshot.png: the built app on a fresh temporary data folder, in Debian's
// Chromium at 1440 × 900. Usage: node scripts/screenshot.mjs [path-after-/] [output.png]
// The interface language is SCREENSHOT_LANG (en-US, zh-CN or zh-TW; default en-US).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
const { chromium } = await import('playwright-core');

const route = process.argv[2] ?? '';
const output = path.resolve(process.argv[3] ?? path.join(root, 'docs', 'screenshot.png'));
const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-shot-'));
const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(root, 'web', 'dist'),
    ADMIN_PASSWORD: 'screenshot-admin-password',
    LOG_LEVEL: 'warn',
  },
});

let code = 0;
try {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const language = process.env.SCREENSHOT_LANG ?? 'en-US';
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: language });
  // The language the web app keeps in its persisted `appSetting` store.
  await page.addInitScript((lang) => {
    const state = { siderCollapsed: false, theme: 'dark', language: lang };
    localStorage.setItem('appSetting', JSON.stringify({ state, version: 0 }));
  }, language);
  await page.goto(`${base}/${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: output });
  await browser.close();
  console.log(`screenshot of ${page.url()} written to ${path.relative(root, output)}`);
} catch (error) {
  console.error(`screenshot: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
