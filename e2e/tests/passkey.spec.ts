import { expect, test } from '@playwright/test';
import { E2E_PORT, registerUser } from '../support/index.js';

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

test('make a passkey in the user centre, sign out, sign in with it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await registerUser(request, 'pk');
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

  await page.getByTestId('login-button').first().click();
  await page.getByRole('dialog').getByTestId('passkey-sign-in').click();
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
  await expect(page.getByRole('dialog')).toBeHidden();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(0);
});
