import { expect, test, type Browser, type Locator } from '@playwright/test';
import { startFakeGithub, type FakeGithub } from '../../server/src/test/github.js';
import { startOidc } from '../../server/src/test/oidc.js';
import {
  api,
  apiLogin,
  E2E_PORT,
  signInBeforeLoad,
  siteUrl,
  uniqueName,
} from '../support/index.js';
import { GITHUB_FAKE_PORT } from '../support/env.js';

/**
 * "Sign in with …" (docs/identity.md, OpenID Connect; GitHub): the operator sets up, in the
 * console, a loopback OpenID Connect provider (server/src/test/oidc.ts; the e2e server runs
 * with OIDC_ALLOW_PRIVATE) and GitHub (the fake on GITHUB_FAKE_PORT, the e2e server's
 * GITHUB_BASE) on a site of this test's own, so no other spec sees the buttons. A visitor signs up with
 * each from the login dialog, then signs in again from a fresh browser to the same account.
 */
const client = { id: 'e2e-oidc-client', secret: 'e2e-oidc-secret-7f3a' };
const ghApp = { clientId: 'Iv1.e2efake', secret: 'e2e-github-secret-51c2' };
let oidc: Awaited<ReturnType<typeof startOidc>>;
let github: FakeGithub;
test.beforeAll(async () => {
  oidc = await startOidc(client);
  github = await startFakeGithub(ghApp, GITHUB_FAKE_PORT);
});
test.afterAll(async () => {
  await oidc.close();
  await github.close();
});

/** From a fresh browser: the login dialog's button, the provider, and back signed in. */
async function signInWith(browser: Browser, domain: string, provider: RegExp) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  // The dialog places each provider's button in the site's order of ways, once it has them: a
  // button clicked before is drawn again and the click lost (seen once in CI).
  const ways = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/ways');
  await page.goto(siteUrl(domain));
  await page.getByTestId('login-button').first().click();
  await ways;
  const button = page.getByRole('dialog').getByRole('button', { name: provider });
  await expect(button).toBeVisible();
  await button.click();
  // The provider answers at once (no page of its own) and sends the browser back.
  const name = page.getByTestId('user-name');
  await expect(name).toBeVisible();
  // Back on the site, the one-time ticket taken out of the address bar.
  await expect(page).toHaveURL((url) => url.host === new URL(siteUrl(domain)).host && !url.hash);
  const username = (await name.textContent())?.trim() ?? '';
  await context.close();
  return username;
}

test('sign up and in again with an OpenID Connect provider and with GitHub', async ({
  request,
  browser,
}) => {
  // Four sign-ins from fresh browsers, each loading the app twice (about 25 s each on the
  // shared two cores): a limit against a hang, not a measure.
  test.setTimeout(240_000);
  const admin = await apiLogin(request);
  const domain = uniqueName('oidc');
  await api(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain: `${domain}.atelier.test`, siteName: 'OIDC Site', language: 'en-US' },
  });
  const callbackUrl = `http://${domain}.atelier.test:${E2E_PORT}/api/auth/oidc/callback`;

  // The operator adds both in the console: the OpenID Connect one by its issuer, GitHub from
  // its preset (no issuer), and reads the callback URL to register.
  const context = await browser.newContext({ locale: 'en-US' });
  const ops = await context.newPage();
  await signInBeforeLoad(ops, admin);
  await ops.goto('/admin/sites');
  await ops.getByRole('tab', { name: 'Sign in with …' }).click();
  await ops.getByRole('combobox', { name: 'Site' }).fill(domain);
  await ops
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: domain })
    .click();
  await expect(ops.getByText(callbackUrl)).toBeVisible();
  const add = async (fill: (card: Locator) => Promise<void>, name: string) => {
    await ops.getByRole('button', { name: 'Add a provider' }).click();
    const card = ops.locator('.ant-card', { hasText: 'New provider' });
    await fill(card);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(ops.locator('.ant-card-head-title', { hasText: name })).toBeVisible();
  };
  await add(async (card) => {
    await card.getByLabel('Button name').fill('Fake ID');
    await card.getByLabel('Short name (a-z, 0-9, -)').fill('fake');
    await card.getByLabel('Order').fill('1');
    await card.getByLabel('Issuer URL').fill(oidc.issuer);
    await card.getByLabel('Client ID').fill(client.id);
    await card.getByLabel('Client secret').fill(client.secret);
  }, 'Fake ID');
  await add(async (card) => {
    await card.getByRole('button', { name: 'GitHub' }).click();
    await expect(card.getByLabel('Issuer URL')).toHaveCount(0);
    await card.getByLabel('Order').fill('2');
    await card.getByLabel('Client ID').fill(ghApp.clientId);
    await card.getByLabel('Client secret').fill(ghApp.secret);
  }, 'GitHub');
  await context.close();
  // The operator registers it at GitHub as the OAuth app's callback URL.
  github.setCallbackUrl(callbackUrl);

  const tag = Date.now().toString(36);
  oidc.signInAs({
    sub: `e2e-${tag}`,
    email: `oidc-${tag}@example.com`,
    email_verified: true,
    preferred_username: 'oidce2e',
  });
  const first = await signInWith(browser, domain, /Fake ID/);
  expect(first).toMatch(/^oidce2e_/);
  expect(await signInWith(browser, domain, /Fake ID/)).toBe(first);

  github.signInAs({
    id: Number.parseInt(tag.slice(-6), 36),
    login: 'octoe2e',
    emails: [{ email: `gh-${tag}@example.com`, primary: true, verified: true }],
  });
  const viaGithub = await signInWith(browser, domain, /GitHub/);
  expect(viaGithub).toMatch(/^octoe2e_/);
  expect(await signInWith(browser, domain, /GitHub/)).toBe(viaGithub);
  expect(github.tokenRequests.length).toBe(2);
});
