import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, BASE_URL, registerUser, uniqueName } from '../support/index.js';

/** Where the web app keeps the session token (web/src/lib/storage-keys.ts). */
const TOKEN_KEY = 'SECRET_TOKEN';

const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

async function signInThroughDialog(page: Page, username: string, password: string) {
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('#login-username').fill(username);
  await dialog.locator('#login-password').fill(password);
  await dialog.locator('#login-password').press('Enter');
  await expect(page.getByTestId('user-name')).toHaveText(username);
}

test('register in the dialog → the header shows the username → logout clears it', async ({
  page,
}) => {
  await page.goto('/user-center');
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: '注册' }).click();

  // A check in the user's language names the field, and nothing typed is lost.
  const username = uniqueName('reg');
  await dialog.locator('#register-username').fill(username);
  await dialog.locator('#register-password').fill('short');
  await dialog.getByTestId('register-submit').click();
  await expect(dialog.getByText('密码至少需要 8 位')).toBeVisible();
  await expect(dialog.locator('#register-username')).toHaveValue(username);

  const password = `pw-${randomBytes(6).toString('hex')}`;
  await dialog.locator('#register-password').fill(password);
  await dialog.locator('#register-confirm').fill(password);
  await dialog.locator('#register-confirm').press('Enter');

  await expect(page.getByTestId('user-name')).toHaveText(username);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('center-name')).toHaveText(username);
  expect(await storedToken(page)).toBeTruthy();

  await page.getByTestId('user-badge').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await expect(page.getByTestId('login-button').first()).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
});

test('log out ends the session on the server and quietly leaves a guest', async ({
  page,
  request,
}) => {
  const account = await registerUser(request, 'out');
  const logoutCalls: Array<string | null> = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/logout'))
      logoutCalls.push(req.headers()['authorization'] ?? null);
  });
  await page.goto('/user-center');
  await signInThroughDialog(page, account.username, account.password);
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const devices = async () =>
    (
      await api<{ rows: Array<{ id: number }> }>(request, 'GET', '/user/getLoginDeviceList', {
        token: account.token,
      })
    ).rows.length;
  expect(await devices()).toBe(2);

  await page.getByTestId('user-badge').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByTestId('login-button').first()).toBeVisible();
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  expect(logoutCalls).toEqual([`Bearer ${token}`]);

  // The browser's session is over on the server: its token is refused, its device is gone.
  const after = await request.get(`${BASE_URL}/api/auth/getInfo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  expect(await devices()).toBe(1);

  // Quietly a guest: one "logged out" message, no error, no login dialog forced open.
  const toasts = page.locator('.ant-message-notice');
  await expect(toasts.filter({ hasText: '已退出登录' })).toHaveCount(1);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a duplicate username is refused with the server message, the form kept', async ({
  page,
  request,
}) => {
  const taken = await registerUser(request, 'dup');
  await page.goto('/user-center');
  await page.getByTestId('login-button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: '注册' }).click();
  await dialog.locator('#register-username').fill(taken.username);
  await dialog.locator('#register-password').fill('password-1234');
  await dialog.locator('#register-confirm').fill('password-1234');
  await dialog.getByTestId('register-submit').click();
  await expect(dialog.locator('#register-username')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('#register-username')).toHaveValue(taken.username);
  await expect(dialog.locator('#register-password')).toHaveValue('password-1234');
  expect(await storedToken(page)).toBeNull();
});

test('the device list shows both devices; deleting the other one signs it out', async ({
  page,
  request,
}) => {
  const account = await registerUser(request, 'dev');
  await page.goto('/user-center');
  await signInThroughDialog(page, account.username, account.password);

  await page.getByRole('tab', { name: '登录设备' }).click();
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('current-device')).toHaveCount(1);

  const other = rows.filter({ hasNot: page.getByTestId('current-device') });
  await other.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('current-device')).toBeVisible();

  // The API session registered first is the deleted device: it no longer works.
  const res = await request.get(`${BASE_URL}/api/auth/getInfo`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(res.status()).toBe(401);
  // This browser stays signed in.
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
});

test('a password change clears the token and opens the login dialog', async ({ page, request }) => {
  const account = await registerUser(request, 'pwd');
  await page.goto('/user-center');
  await signInThroughDialog(page, account.username, account.password);
  const before = await storedToken(page);
  expect(before).toBeTruthy();

  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.locator('#password-old').fill('not-the-password');
  await page.locator('#password-new').fill('brand-new-password');
  await page.locator('#password-confirm').fill('brand-new-password');
  await page.locator('#password-confirm').press('Enter');
  // A wrong current password is named on its field; nothing else changes.
  await expect(page.locator('#password-old')).toHaveAttribute('aria-invalid', 'true');
  expect(await storedToken(page)).toBe(before);

  await page.locator('#password-old').fill(account.password);
  await page.locator('#password-confirm').press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('#login-username')).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // The new password signs in; the old session is gone.
  await dialog.locator('#login-username').fill(account.username);
  await dialog.locator('#login-password').fill('brand-new-password');
  await dialog.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-name')).toHaveText(account.username);
  const old = await request.get(`${BASE_URL}/api/auth/getInfo`, {
    headers: { authorization: `Bearer ${before}` },
  });
  expect(old.status()).toBe(401);
});

test('a guest binds a username and stays signed in as that account', async ({ page }) => {
  await page.goto('/user-center');
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  await page.getByTestId('guest-prompt').getByRole('button', { name: '绑定用户名' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('#bind-username')).toBeFocused();
  const username = uniqueName('bind');
  await dialog.locator('#bind-username').fill(username);
  await dialog.locator('#bind-password').fill('bind-password-1');
  await dialog.locator('#bind-confirm').fill('bind-password-1');
  await dialog.locator('#bind-confirm').press('Enter');
  await expect(page.getByTestId('user-name')).toHaveText(username);
  await expect(page.getByTestId('center-name')).toHaveText(username);
});

test('help links open the frequent questions and the about dialog', async ({ page }) => {
  await page.goto('/user-center');
  await page.getByRole('button', { name: '常见问题', exact: true }).click();
  const faq = page.getByRole('dialog');
  // Questions are folded (antd's accordion: one tab per question) until one is opened.
  const questions = faq.getByRole('tab');
  await expect(questions.first()).toBeVisible();
  await expect(faq.getByRole('tabpanel')).toHaveCount(0);
  await questions.first().click();
  await expect(faq.getByRole('tabpanel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(faq).toBeHidden();

  await page.getByRole('button', { name: '关于我们', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Atelier');
});
