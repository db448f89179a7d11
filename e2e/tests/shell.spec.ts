import { expect, test, type Page } from '@playwright/test';
import { adminToken, api, registerUser, siteUrl } from '../support/index.js';

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** The page scrolls sideways when the document is wider than the viewport. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Chooses the interface language before the app starts. */
const useLanguage = (page: Page, language: string) =>
  page.addInitScript((l) => {
    if (!localStorage.getItem('appSetting')) {
      localStorage.setItem(
        'appSetting',
        JSON.stringify({
          state: { language: l, languageChosen: true, siderCollapsed: false, theme: 'dark' },
          version: 0,
        }),
      );
    }
  }, language);

// A guard against a hang, not a measure: a first load of a heavy screen can take over 10 s on
// a busy machine (CI saw it once).
const spinnerGone = (page: Page) =>
  expect(page.locator('.fixed[role="status"]')).toHaveCount(0, { timeout: 30_000 });

test.describe('landing and layout', () => {
  test("a first visit is in the browser's language: en-US in English, zh-TW in traditional Chinese", async ({
    browser,
  }) => {
    for (const [locale, lang, title] of [
      ['en-US', 'en-US', 'MJ drawing'],
      ['zh-TW', 'zh-TW', 'MJ 繪畫'],
    ] as const) {
      const context = await browser.newContext({ locale, viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto('/Midjourney');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(
        page.getByRole('navigation').getByRole('link', { name: title }).first(),
      ).toBeVisible();
      await context.close();
    }
  });

  test('at 1440 px / lands on /Midjourney with the side menu, nothing overflows', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(page).toHaveURL(/\/Midjourney$/);
    await spinnerGone(page);
    await expect(page.getByRole('navigation').getByRole('link').first()).toBeVisible();
    await expect(page.locator('h1')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('at 390 px / lands on /mobileHome with bottom navigation, touch targets ≥ 40 px', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await expect(page).toHaveURL(/\/mobileHome$/);
    await spinnerGone(page);
    const nav = page.getByRole('navigation');
    await expect(nav).toBeVisible();
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
    }
    await page.locator('main').getByRole('link').first().click();
    await expect(page).not.toHaveURL(/\/mobileHome$/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('a screen that fails to load leads to /500, and home once loading works again', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/Midjourney');
    await spinnerGone(page);
    await page.route('**/assets/chat-screen-*.js', (route) => route.abort());
    await page.getByRole('navigation').getByRole('link', { name: /AI/ }).first().click();
    await expect(page).toHaveURL(/\/500$/);
    await expect(page.locator('svg').first()).toBeVisible();
    await page.unroute('**/assets/chat-screen-*.js');
    await expect(page).not.toHaveURL(/\/500$/, { timeout: 30_000 });
  });

  test('an unknown path lands on /404', async ({ page }) => {
    await page.goto('/nope');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.locator('.ant-result-404')).toBeVisible();
  });
});

test.describe('identity', () => {
  test('a guest is registered once across reloads', async ({ page }) => {
    let registrations = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/user/createGuest')) registrations += 1;
    });
    await page.goto('/Chat');
    await spinnerGone(page);
    await expect.poll(() => registrations).toBe(1);
    // The guest id is a credential: kept for the Guestid header, never in a cookie.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('uuidToken');
    const uuid = await page.evaluate(() => localStorage.getItem('GUEST_UUID_TOKEN'));
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    // A load's identity is settled once its user info answers 200: the start registers a guest
    // before asking (a new browser) or after a 401, never after a 200 (web/src/app/identity.ts).
    const known = () =>
      page.waitForResponse((r) => r.url().includes('/api/auth/getInfo') && r.status() === 200);
    let settled = known();
    await page.reload();
    await settled;
    await spinnerGone(page);
    settled = known();
    await page.goto('/Midjourney');
    await settled;
    await spinnerGone(page);
    expect(registrations).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('GUEST_UUID_TOKEN'))).toBe(uuid);
  });

  test('a signed-in user sees the username in the header; logout clears it', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'shell');
    await page.addInitScript((token) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('SECRET_TOKEN', token);
      }
    }, user.token);
    await page.setViewportSize(DESKTOP);
    await page.goto('/Chat');
    await expect(page.getByTestId('user-name')).toHaveText(user.username);
    await page.getByTestId('user-badge').click();
    await page.getByRole('menuitem').last().click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'))).toBeNull();
  });

  test('three calls failing with 401 together open the login dialog once', async ({ page }) => {
    await page.goto('/Chat');
    await spinnerGone(page);
    const unauthorized = {
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 401, success: false, message: '请先登录', data: null }),
    };
    for (const call of [
      '**/api/config/start*',
      // queryGptModel and queryGptModelUser
      '**/api/autoreply/queryGptModel*',
    ]) {
      await page.route(call, (route) => route.fulfill(unauthorized));
    }
    // A message lives for seconds; on a busy machine it can be gone between two reads. Every
    // notice the page shows is kept as it appears, and the list is read instead.
    await page.addInitScript(() => {
      const notices: Element[] = [];
      (window as unknown as { notices: Element[] }).notices = notices;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof Element)
              for (const el of [node, ...node.querySelectorAll('.ant-message-notice')])
                if (el.matches('.ant-message-notice') && !notices.includes(el)) notices.push(el);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toBeVisible();
    const noticesShown = () =>
      page.evaluate(() =>
        (window as unknown as { notices: Element[] }).notices.map((el) => el.textContent ?? ''),
      );
    await expect.poll(noticesShown).toHaveLength(1);
    expect((await noticesShown())[0]).toContain('请先登录');
  });
});

test.describe('language', () => {
  test('English and 繁體中文 change the menu texts', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await useLanguage(page, 'zh-CN');
    await page.goto('/Midjourney');
    await spinnerGone(page);
    const menu = page.getByRole('navigation');
    await expect(menu).toContainText('AI 智能体');
    // Switching fetches that language's texts only: its shell texts and the namespaces the
    // screen uses, never another language's nor every screen's.
    const fetched: string[] = [];
    page.on('request', (r) => {
      const file = /\/assets\/([^/]+)\.js$/.exec(new URL(r.url()).pathname)?.[1];
      if (file) fetched.push(file);
    });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(menu).toContainText('AI Agent');
    expect(fetched.some((f) => f.startsWith('en-US-'))).toBe(true);
    expect(fetched.filter((f) => /^(zh-TW|zh-CN|lazy)-/.test(f))).toEqual([]);
    await expect(page.getByTestId('login-button')).toHaveText('Log in / Sign up');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await expect(menu).toContainText('AI 智能體');
    await expect(page).toHaveTitle(/MJ 繪畫/);
    await page.reload();
    await expect(page.getByRole('navigation')).toContainText('AI 智能體');
  });
});

test.describe('update prompt', () => {
  test('a newer /version.json shows the update dialog; Escape dismisses it', async ({ page }) => {
    let asked = 0;
    await page.route('**/version.json*', (route) => {
      asked += 1;
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          version: '999.0.0',
          date: '2026-12-01',
          content1: 'Faster drawing',
          content2: 'New music screen',
          versionnew: '999.0.0',
          versionold: '0.1.0',
        }),
      });
    });
    await useLanguage(page, 'zh-CN');
    await page.goto('/Midjourney');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('更新提示');
    await expect(dialog).toContainText('0.1.0 → 999.0.0');
    await expect(dialog).toContainText('Faster drawing');
    await expect(dialog.getByRole('button', { name: '更新' })).toBeVisible();
    expect(asked).toBeGreaterThanOrEqual(1);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('version'))).toBeNull();
  });
});

test.describe('sites', () => {
  test('an active ad-jump row sends visitors of its domain to the other domain', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const row = await api<{ id: number }>(request, 'POST', '/admin/jumps/create', {
      token,
      body: { ad: 'jumpb.atelier.test', domain: 'jumpa.atelier.test', status: 1, type: 1 },
    });
    try {
      await page.goto(siteUrl('jumpa', '/Chat'));
      await expect(page).toHaveURL(siteUrl('jumpb', '/Chat'), { timeout: 30_000 });
    } finally {
      await api(request, 'POST', '/admin/jumps/delete', { token, body: { id: row.id } });
    }
  });
});
