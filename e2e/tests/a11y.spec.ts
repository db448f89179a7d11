import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * An automated accessibility check (axe-core) of every route of the router, at 1440 and 390 px,
 * signed in (desktop in English, phone in Chinese): no serious or critical violation anywhere. One page moves
 * from route to route inside the app (no reload), so the whole walk stays quick.
 */

const ROUTES = [
  '/Midjourney',
  '/Chat',
  '/mind',
  '/user-center',
  '/user',
  '/pay',
  '/app-store',
  '/role',
  '/history',
  '/mobileHome',
  '/myGallery',
  '/designerWork',
  '/workDetails',
  '/hisGallery',
  '/photoAlbum/1',
  '/draw',
  '/sd3',
  '/tools',
  '/sddraw',
  '/video',
  '/music',
  '/separation',
  '/market',
  '/welcome',
  '/404',
  '/500',
];

/** Both sizes, each in one of the two scripts (the texts' lengths and fonts differ). */
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, language: 'en-US' },
  { name: 'phone', width: 390, height: 844, language: 'zh-CN' },
];

test.use({ reducedMotion: 'reduce' });

/** Moves the app to `path` the way a link does (history + popstate), without reloading. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  // Loaded: no full-screen spinner, skeleton or busy region left, nothing fading in.
  await expect(
    page.locator('.fixed[role="status"], .ant-skeleton, [aria-busy="true"]'),
  ).toHaveCount(0, { timeout: 15_000 });
  await page.locator('h1, main').first().waitFor();
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** What axe finds of serious or critical impact, one line per rule with a few of its nodes. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} ${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').slice(1).join(' ').trim()}]` : ''}`,
          )
          .join(' | ')}`,
    );
}

for (const viewport of VIEWPORTS) {
  test(`no serious or critical axe violation on any screen at ${viewport.width} px (${viewport.language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const account = await registerUser(request, 'a11y');
    await signInBeforeLoad(page, account.token, viewport.language);
    await page.setViewportSize(viewport);
    await page.goto('/Midjourney');
    const found: string[] = [];
    for (const route of ROUTES) {
      await visit(page, route);
      found.push(...(await seriousViolations(page, `${viewport.name} ${route}`)));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
