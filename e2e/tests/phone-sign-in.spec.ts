import { expect, test } from '@playwright/test';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../server/test/fakes/aliyun-sms.js';
import { api, apiLogin, siteUrl, uniqueName } from '../support/index.js';

/**
 * Sign up by a texted code in the login dialog's phone tab (docs/identity.md, Phone). The
 * text goes through the Aliyun SMS fake on loopback, which checks the request's signature, for
 * a site of this test's own so no other spec sees the phone way.
 */
let aliyun: FakeAliyunSms;
test.beforeAll(async () => {
  aliyun = await startFakeAliyunSms();
});
test.afterAll(async () => aliyun.close());

async function codeFor(local: string, after: number) {
  await expect
    .poll(() => aliyun.sent.filter((s) => s.phone === local).length, { timeout: 30_000 })
    .toBeGreaterThan(after);
  return aliyun.codeFor(local);
}

test('sign in by phone code', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request);
  const domain = uniqueName('sms');
  const site = await api<{ id: number }>(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain: `${domain}.atelier.test`, siteName: 'SMS Site', language: 'en-US' },
  });
  await api(request, 'POST', '/admin/sms', {
    token: admin,
    body: {
      siteId: site.id,
      enabled: true,
      provider: 'aliyun',
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: aliyun.accessKeySecret,
      signName: 'SMS Site',
      templateId: 'SMS_100000001',
      endpoint: aliyun.url,
    },
  });

  const local = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
  await page.goto(siteUrl(domain));
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: /^(Phone|手机号)$/ }).click();
  await dialog.locator('#phone-number').fill(local);
  await dialog.getByTestId('phone-code-send').click();
  await expect(dialog.getByTestId('phone-code-send')).toBeDisabled();
  const code = await codeFor(local, 0);
  expect(code).toMatch(/^\d{6}$/);
  await dialog.locator('#phone-code').fill(code);
  await dialog.getByTestId('phone-code-submit').click();
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The username is made from the last four digits; the fake took only a signed request.
  await expect(page.getByTestId('user-name')).toContainText(`phone${local.slice(-4)}`);
  expect(aliyun.sent.at(-1)).toMatchObject({ signName: 'SMS Site', templateId: 'SMS_100000001' });
});
