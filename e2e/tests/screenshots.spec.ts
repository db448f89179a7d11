import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { registerUser } from '../support/index.js';

/**
 * Screenshots of the main screens at desktop and phone widths in two languages, for a person
 * to look at; each page is also checked for horizontal scrolling.
 */
const outDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '.artifacts',
  'screenshots',
);
const routes = ['/Midjourney', '/Chat', '/user-center', '/mobileHome'];
const widths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const languages = ['zh-CN', 'en-US'] as const;

test.beforeAll(() => fs.mkdirSync(outDir, { recursive: true }));

for (const language of languages) {
  for (const viewport of widths) {
    test(`screens at ${viewport.width} px in ${language}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const account = await registerUser(request, 'shot');
      await page.setViewportSize(viewport);
      await page.addInitScript(
        ({ language: lng, token }) => {
          localStorage.setItem(
            'appSetting',
            JSON.stringify({
              state: { siderCollapsed: false, theme: 'dark', language: lng, languageChosen: true },
              version: 0,
            }),
          );
          localStorage.setItem('SECRET_TOKEN', token);
        },
        { language, token: account.token },
      );
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const route of routes) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
        await page.waitForTimeout(400);
        const name = `${route.slice(1)}-${viewport.width}-${language}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: false });
        const overflow = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(
          overflow.scrollWidth,
          `${route} at ${viewport.width} px scrolls sideways`,
        ).toBeLessThanOrEqual(overflow.innerWidth);
      }
      expect(errors).toEqual([]);
    });
  }
}
