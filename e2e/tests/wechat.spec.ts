import { expect, test } from '@playwright/test';
import { startFakeWechat, type FakeWechat } from '../../server/test/fakes/wechat.js';
import {
  api,
  apiLogin,
  BASE_URL,
  E2E_PORT,
  registerUser,
  signInBeforeLoad,
  siteUrl,
  uniqueName,
} from '../support/index.js';
import { WECHAT_FAKE_PORT } from '../support/env.js';

/**
 * Signing in by scanning the site's WeChat official account QR code, then binding WeChat from
 * the user centre (docs/identity.md, WeChat). WeChat is the fake on WECHAT_FAKE_PORT (the
 * e2e server's WECHAT_API_BASE); "scanning" is the fake pushing the event to the site's
 * callback, signed with the Token the operator entered. A site of this test's own, so no other
 * spec sees the WeChat tab.
 */
let fake: FakeWechat;
test.beforeAll(async () => {
  fake = await startFakeWechat(undefined, WECHAT_FAKE_PORT);
});
test.afterAll(async () => fake.close());

const TOKEN = 'E2eWechatToken';

test('sign in by a WeChat scan, then bind WeChat to another account', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request);
  const domain = uniqueName('wx');
  const host = `${domain}.atelier.test:${E2E_PORT}`;
  const site = await api<{ id: number }>(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain: `${domain}.atelier.test`, siteName: 'WeChat Site', language: 'en-US' },
  });
  const settings = await api<{ callbackUrl: string }>(request, 'POST', '/admin/wechat', {
    token: admin,
    body: {
      siteId: site.id,
      enabled: true,
      appId: fake.appId,
      appSecret: fake.secret,
      token: TOKEN,
    },
  });
  expect(settings.callbackUrl).toBe(`http://${host}/api/auth/wechat/callback`);
  const callback = `${BASE_URL}/api/auth/wechat/callback`;
  // WeChat checks the server address first.
  expect(await fake.verify({ url: callback, host, token: TOKEN }, 'e2e-echo')).toEqual({
    status: 200,
    body: 'e2e-echo',
  });

  await page.goto(siteUrl(domain));
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: /^(WeChat|微信)$/ }).click();
  const image = dialog.getByTestId('wechat-qr-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(232);
  const made = fake.qrCodes.length;
  expect(made).toBeGreaterThan(0);

  const openid = `oE2e${Date.now().toString(36)}`.padEnd(28, 'y');
  const pushed = await fake.scan({ url: callback, host, token: TOKEN, openid, event: 'subscribe' });
  expect(pushed.status).toBe(200);
  expect(pushed.body).toContain('WeChat Site');
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-name')).toContainText('wechat_');

  // A second user binds WeChat in the user centre.
  const second = await registerUser(request, 'wxbind');
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await signInBeforeLoad(other, second.token);
  await other.goto(siteUrl(domain, '/user-center'));
  await other.getByRole('tab', { name: 'Sign-in ways' }).click();
  await other.getByTestId('link-wechat').click();
  const bind = other.getByRole('dialog');
  await expect(bind.getByTestId('wechat-qr-image')).toBeVisible();
  await expect.poll(() => fake.qrCodes.length).toBeGreaterThan(made);
  const secondOpenid = `oE2f${Date.now().toString(36)}`.padEnd(28, 'z');
  const linked = await fake.scan({ url: callback, host, token: TOKEN, openid: secondOpenid });
  expect(linked.status).toBe(200);
  await expect(bind).toBeHidden();
  const rows = other.getByTestId('way-row');
  await expect(rows.filter({ hasText: 'WeChat' })).toHaveCount(1);
  await expect(rows.filter({ hasText: fake.appId })).toHaveCount(1);
  await context.close();
});
