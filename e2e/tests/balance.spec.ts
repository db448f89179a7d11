import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, api, BASE_URL, registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * One balance on every screen (docs/web.md, Stores and browser storage): the balance the drawing screen shows equals
 * the server's after an upscale (U2), after redeeming a code on the pay screen and coming back
 * without a reload, and after a drawing fails and its credits are returned.
 *
 * How a drawing fails for real: the offline demo reads a describe's picture only when it
 * finishes (a few seconds after the submit), so deleting that upload meanwhile makes the task
 * fail for good (the picture is not found) and the task engine returns its held credits.
 */

/** A 1×1 PNG, a picture the upload accepts. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const serverCredits = async (request: APIRequestContext, token: string) =>
  (await api<{ credits: number }>(request, 'GET', '/balance/query', { token })).credits;

const shownBalance = (page: Page) => page.getByTestId('mj-balance');

/** The balance on the drawing screen equals the server's, once the screen caught up. */
async function expectSameBalance(page: Page, request: APIRequestContext, token: string) {
  const credits = await serverCredits(request, token);
  await expect(shownBalance(page)).toHaveAttribute('data-credits', String(credits));
  await expect(page.getByTestId('user-badge')).toContainText(`${credits} credits`);
  return credits;
}

const newest = (page: Page) => page.getByTestId('mj-task').first();

/** Goes to another screen through the side menu: the app is not reloaded. */
const viaMenu = (page: Page, path: string) =>
  page.getByRole('navigation').locator(`a[href="${path}"]`).first().click();

test('the drawing screen shows the server’s balance after U2, a redemption and a refund', async ({
  page,
  request,
}) => {
  test.setTimeout(270_000);
  const user = await registerUser(request, 'bal');
  await signInBeforeLoad(page, user.token);
  await page.goto('/Midjourney');
  await expect(page.getByTestId('mj-prompt')).toBeVisible();
  const start = await expectSameBalance(page, request, user.token);

  // Imagine, then U2 from its grid: two charges.
  await page.getByTestId('mj-prompt').fill('a lighthouse by the sea at sunset');
  await page.getByTestId('mj-submit').click();
  await expect(newest(page)).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  const gridId = await newest(page).getAttribute('data-task-id');
  await newest(page).getByRole('button', { name: 'Upscale picture 2' }).click();
  await expect(newest(page)).not.toHaveAttribute('data-task-id', gridId!);
  await expect(newest(page)).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  const afterU2 = await expectSameBalance(page, request, user.token);
  expect(afterU2).toBeLessThan(start);

  // Redeem 50 credits on the pay screen, then back to drawing through the menu.
  const admin = await adminToken(request);
  const batch = await api<{ codes: string[] }>(request, 'POST', '/admin/credits/codes/create', {
    token: admin,
    body: { count: 1, credits: 50, label: 'e2e balance' },
  });
  await viaMenu(page, '/pay');
  await page
    .getByRole('button', { name: /Redeem a code/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Redemption code' });
  await dialog.getByRole('textbox').fill(batch.codes[0]!);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByTestId('redeem-success')).toContainText('50 credits added');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await viaMenu(page, '/Midjourney');
  await expect(page.getByTestId('mj-prompt')).toBeVisible();
  expect(await expectSameBalance(page, request, user.token)).toBe(afterU2 + 50);

  // A describe whose picture is gone by the time the demo reads it: held, then returned.
  const afterRedeem = afterU2 + 50;
  const form = await request.post(`${BASE_URL}/api/upload/file`, {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: { file: { name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG } },
  });
  expect(form.ok(), await form.text()).toBe(true);
  const upload = ((await form.json()) as { data: { id: number; url: string } }).data;
  await page.getByRole('button', { name: /\bDescribe$/ }).click();
  const describe = page.getByRole('dialog', { name: 'Describe' });
  // Its price shows before it is sent.
  await expect(describe.getByTestId('mj-price')).toHaveText(/^Credits needed: \d+$/);
  await describe.getByText('My uploads').click();
  await describe.getByTestId('mj-pick').first().click();
  // The picture goes as soon as the task exists: right when the server has answered the submit,
  // before the browser sees the answer, so that nothing but two calls on this machine stands
  // between the two (the demo reads it about 1.5 s later, when it finishes).
  let held: number | undefined;
  await page.route('**/api/queue/addMjDrawQueue', async (route) => {
    const response = await route.fetch();
    if (response.ok()) {
      // The hold is there at once; nothing can return it before the picture is gone.
      held = await serverCredits(request, user.token);
      await api(request, 'GET', `/upload/delOnePic?id=${upload.id}`, { token: user.token });
    }
    await route.fulfill({ response });
  });
  const submitted = page.waitForResponse((r) => r.url().includes('/api/queue/addMjDrawQueue'));
  await describe.getByRole('button', { name: 'Describe it' }).click();
  expect((await submitted).ok()).toBe(true);
  expect(held).toBeLessThan(afterRedeem);
  await expect(describe).toBeHidden();
  const card = newest(page);
  // …and the refund once the polling sees the task fail.
  await expect(card).toHaveAttribute('data-status', '4', { timeout: 30_000 });
  expect(await expectSameBalance(page, request, user.token)).toBe(afterRedeem);
});
