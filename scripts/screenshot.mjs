// Takes docs/screenshot.png: the built app on a fresh temporary data folder, in Debian's
// Chromium at 1440 × 900. Usage: node scripts/screenshot.mjs [path-after-/] [output.png]
// The interface language is SCREENSHOT_LANG (en-US, zh-CN or zh-TW; default en-US).
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, startBuiltServer } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
const { chromium } = await import('playwright-core');

const route = process.argv[2] ?? '';
const output = path.resolve(process.argv[3] ?? path.join(root, 'docs', 'screenshot.png'));
const server = await startBuiltServer({
  WEB_DIST: path.join(root, 'web', 'dist'),
  ADMIN_PASSWORD: 'screenshot-admin-password',
});
const { base } = server;

let code = 0;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const language = process.env.SCREENSHOT_LANG ?? 'en-US';
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: language });
  // The language the web app keeps in its persisted `appSetting` store.
  await page.addInitScript((lang) => {
    const state = { siderCollapsed: false, theme: 'dark', language: lang, languageChosen: true };
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
  server.stop();
}
process.exit(code);
