import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  adminToken,
  api,
  E2E_PORT,
  registerUser,
  signInBeforeLoad,
  uniqueName,
} from '../support/index.js';

/**
 * Passkeys in the browser (docs/identity.md, Passkeys): a passkey made in the user centre with
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain), then signing out and
 * in with it.
 *
 * WebAuthn needs a secure context and a domain name as RP ID: http://127.0.0.1 is a secure
 * context but an IP address is no RP ID, so the browser refuses it ("invalid domain"). The
 * e2e server's PUBLIC_URL is http://127.0.0.1:<port>; while PUBLIC_URL is a loopback address
 * the server takes `localhost` (with the same scheme and port) as the default site's relying
 * party for requests that name localhost, so this spec opens http://localhost:<port>.
 */
const LOCAL = `http://localhost:${E2E_PORT}`;

/** Chromium's virtual authenticator: a platform one keeping discoverable passkeys. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('make a passkey in the user centre, sign out, sign in with it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await registerUser(request, 'pk');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto(`${LOCAL}/user-center`);
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#login-username').fill(account.username);
  await dialog.locator('#login-password').fill(account.password);
  await dialog.locator('#login-password').press('Enter');
  await expect(page.getByTestId('user-name')).toHaveText(account.username);

  await page.getByRole('tab', { name: /^(Sign-in ways|登录方式)$/ }).click();
  await page.getByTestId('passkey-add').click();
  const name = page.getByTestId('passkey-name');
  await name.getByRole('textbox').fill('E2E laptop');
  await name.getByRole('button', { name: /^(Create|创 ?建)$/ }).click();
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);
  await expect(page.getByTestId('passkey-row')).toContainText('E2E laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await page.getByTestId('user-badge').click();
  await page.getByRole('menuitem', { name: /Sign out|退出登录/ }).click();
  await expect(page.getByTestId('user-name')).toHaveCount(0);

  // The virtual authenticator has no autofill list to pick from: it answers a conditional
  // request at once with its passkey. So that the button's prompt is what signs in here, the
  // autofill's challenge (the first asked for at this opening) is held until it is done; the
  // button's prompt replaces the waiting autofill request, which then ends without a word.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route('**/api/auth/passkey/options', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue().catch(() => undefined);
  });
  const autofillAsked = page.waitForRequest('**/api/auth/passkey/options');
  await page.getByTestId('login-button').first().click();
  await autofillAsked;
  await page.getByRole('dialog').getByTestId('passkey-sign-in').click();
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
  await expect(page.getByRole('dialog')).toBeHidden();
  release();
  await page.unroute('**/api/auth/passkey/options');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(0);

  // Signed out, the dialog opened again begins a new autofill request (the one of before was
  // ended at its closing), which the virtual authenticator answers: signed in by it alone.
  await page.getByTestId('user-badge').click();
  await page.getByRole('menuitem', { name: /Sign out|退出登录/ }).click();
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await page.getByTestId('login-button').first().click();
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
  await expect(page.getByRole('dialog')).toBeHidden();
  const again = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(again.credentials[0]!.signCount).toBeGreaterThan(after.credentials[0]!.signCount);
});

test('a visitor signs up with a passkey alone, then signs in with it', async ({ page }) => {
  test.setTimeout(90_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.goto(`${LOCAL}/`);
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  // The sign-in form lets the browser's autofill offer passkeys (conditional mediation).
  await expect(dialog.locator('#login-username')).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await dialog.getByTestId('passkey-sign-up').click();
  await expect(page.getByTestId('user-name')).toHaveText(/^passkey_\d{4}$/);
  await expect(dialog).toBeHidden();
  const username = await page.getByTestId('user-name').textContent();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await page.getByTestId('user-badge').click();
  await page.getByRole('menuitem', { name: /Sign out|退出登录/ }).click();
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  // The dialog opened again begins the autofill request again; the virtual authenticator
  // answers it with the new passkey (see the journey above).
  await page.getByTestId('login-button').first().click();
  await expect(page.getByTestId('user-name')).toHaveText(username!);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test("the console's order of ways changes the login dialog", async ({ page, request }) => {
  test.setTimeout(90_000);
  // A site of its own at *.localhost (a secure context: passkeys work there), so that the
  // other specs' sites keep their ways.
  const domain = `${uniqueName('ways')}.localhost`;
  const admin = await adminToken(request);
  await api(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain, siteName: 'Ways Site', language: 'en-US' },
  });
  const site = `http://${domain}:${E2E_PORT}/`;
  // The dialog is read once it has settled: measured while it opens (it zooms in), the two
  // boxes can come out in either order.
  const order = async (expected: 'passkey first' | 'tabs first') => {
    await page.goto(site);
    await page.getByTestId('login-button').first().click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(async () => {
        const passkey = await dialog.getByTestId('passkey-sign-in').boundingBox();
        const tabs = await dialog.getByRole('tablist').boundingBox();
        return passkey && tabs && (passkey.y < tabs.y ? 'passkey first' : 'tabs first');
      })
      .toBe(expected);
  };
  // Today's order: the password tabs, then the passkey button.
  await order('tabs first');

  // The operator, in another tab of the console.
  const console_ = await page.context().newPage();
  await signInBeforeLoad(console_, admin);
  await console_.goto('/admin/sites');
  await console_.getByRole('tab', { name: 'Ways to sign in' }).click();
  const pick = console_.getByRole('combobox', { name: 'Site' });
  await pick.fill(domain);
  await console_.locator('.ant-select-item-option', { hasText: domain }).click();
  const up = console_.getByRole('button', { name: 'Move up: Passkeys' });
  // Keyboard only: focus the button and press Enter, four times (password, email, phone, WeChat).
  for (let i = 0; i < 4; i++) {
    await up.focus();
    await console_.keyboard.press('Enter');
  }
  await expect(console_.getByTestId('sign-in-ways').locator('li').first()).toHaveAttribute(
    'data-testid',
    'way-passkey',
  );
  await console_.getByTestId('sign-in-ways-save').click();
  await expect(console_.getByText('Ways to sign in saved')).toBeVisible();
  await console_.close();

  await order('passkey first');
});
