import { expect, test, type Browser } from '@playwright/test';
import { startFakeGithub, type FakeGithub } from '../../server/src/test/github.js';
import { startOidc } from '../../server/src/test/oidc.js';
import { api, apiLogin, E2E_PORT, siteUrl, uniqueName } from '../support/index.js';
import { GITHUB_FAKE_PORT } from '../support/env.js';

/**
 * "Sign in with …" (docs/identity.md, OpenID Connect; GitHub): the operator sets up a
 * loopback OpenID Connect provider (server/src/test/oidc.ts; the e2e server runs with
 * OIDC_ALLOW_PRIVATE) and GitHub (the fake on GITHUB_FAKE_PORT, the e2e server's GITHUB_BASE)
 * on a site of this test's own, so no other spec sees the buttons. A visitor signs up with
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
  await page.goto(siteUrl(domain));
  await page.getByTestId('login-button').first().click();
  const buttons = page.getByRole('dialog').getByTestId('oidc-buttons');
  await buttons.getByRole('button', { name: provider }).click();
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
  const site = await api<{ id: number }>(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain: `${domain}.atelier.test`, siteName: 'OIDC Site', language: 'en-US' },
  });
  const save = (body: Record<string, unknown>) =>
    api(request, 'POST', '/admin/oidc', {
      token: admin,
      body: { siteId: site.id, enabled: true, ...body },
    });
  await save({
    slug: 'fake',
    name: 'Fake ID',
    issuer: oidc.issuer,
    clientId: client.id,
    clientSecret: client.secret,
    scopes: 'openid email profile',
    position: 1,
  });
  await save({
    kind: 'github',
    slug: 'github',
    name: 'GitHub',
    clientId: ghApp.clientId,
    clientSecret: ghApp.secret,
    scopes: 'read:user user:email',
    position: 2,
  });
  const { callbackUrl } = await api<{ callbackUrl: string }>(
    request,
    'GET',
    `/admin/oidc?siteId=${site.id}`,
    { token: admin },
  );
  expect(callbackUrl).toBe(`http://${domain}.atelier.test:${E2E_PORT}/api/auth/oidc/callback`);
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
