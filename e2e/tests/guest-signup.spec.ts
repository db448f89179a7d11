import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, api, uniqueName } from '../support/index.js';

/**
 * A guest who signs up (docs/credits.md, "Guests"): what it redeemed and spent as a guest shows in the new
 * account's logs, named by what it paid for; and the "not enough credits" dialog a guest ran
 * into closes once the new account has its credits, its title and close button never hidden
 * under a toast on a phone.
 */

interface Info {
  userInfo: { id: number };
  userBalance: { credits: number };
}

/** A guest in English on the Midjourney screen; resolves with its guest id. */
async function openAsGuest(page: Page): Promise<string> {
  await page.addInitScript(() => {
    localStorage.setItem(
      'appSetting',
      JSON.stringify({ state: { language: 'en-US', languageChosen: true }, version: 0 }),
    );
  });
  await page.goto('/Midjourney');
  await expect(page.getByTestId('mj-prompt')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('GUEST_UUID_TOKEN')))
    .toMatch(/^[0-9a-f-]{36}$/);
  return (await page.evaluate(() => localStorage.getItem('GUEST_UUID_TOKEN')))!;
}

const guestInfo = (request: APIRequestContext, guestId: string) =>
  api<Info>(request, 'GET', '/auth/getInfo', { guestId });

/** Signs up in the login dialog (already open or opened from the header). */
async function signUpInDialog(page: Page) {
  const dialog = page.getByRole('dialog').filter({ has: page.locator('#login-username') });
  await expect(dialog).toBeVisible();
  // A click while the lazily loaded dialog is still zooming in can land on nothing (seen once
  // in CI): click again until the tab is the selected one.
  const tab = dialog.getByRole('tab', { name: 'Sign up' });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const username = uniqueName('heir');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await dialog.locator('#register-username').fill(username);
  await dialog.locator('#register-password').fill(password);
  await dialog.locator('#register-confirm').fill(password);
  await dialog.locator('#register-confirm').press('Enter');
  await expect(dialog).toBeHidden();
  return username;
}

/** Where the toast sat over the dialog, measured in the page (see watchToastOver). */
interface ToastCheck {
  coversTitle: boolean;
  coversClose: boolean;
}
type Watched = Window & { toastCheck?: ToastCheck };

/**
 * Measures, in the page, the first message toast against the dialog titled `title` once each
 * has come to rest (the toast slides in from above, the dialog zooms in). Both rest at fixed
 * places, so each is measured on its own: an antd toast lives 3 s, and on a busy machine the
 * dialog's chunk may arrive after the toast has gone. The page takes the measures itself,
 * frame by frame, from before the click that brings both.
 */
const watchToastOver = (page: Page, title: string) =>
  page.evaluate((title) => {
    const apart = (a: DOMRect, b: DOMRect) =>
      a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
    // At rest: its motion classes gone (rc-motion holds an animation paused before it runs)
    // and no animation left but endless ones (a spinner).
    const atRest = (el: Element) =>
      !/-(appear|enter)\b/.test(String(el.className)) &&
      el
        .getAnimations({ subtree: true })
        .every(
          (a) =>
            a.playState === 'finished' ||
            a.playState === 'idle' ||
            a.effect?.getTiming().iterations === Infinity,
        );
    let toastBox: DOMRect | undefined;
    let headingBox: DOMRect | undefined;
    let closeBox: DOMRect | undefined;
    const look = () => {
      // The slide runs on the notice's wrapper: the whole holder is watched.
      const holder = document.querySelector('.ant-message');
      const toast = holder?.querySelector('.ant-message-notice-content');
      if (
        !toastBox &&
        holder &&
        toast &&
        atRest(holder) &&
        atRest(toast.closest('.ant-message-notice-wrapper') ?? holder)
      )
        toastBox = toast.getBoundingClientRect();
      const modal = Array.from(document.querySelectorAll('.ant-modal')).find(
        (m) => m.querySelector('.ant-modal-title')?.textContent === title,
      );
      const wrap = modal?.closest('.ant-modal-wrap') ?? modal;
      if (!headingBox && modal && wrap && atRest(wrap) && atRest(modal)) {
        headingBox = modal.querySelector('.ant-modal-title')?.getBoundingClientRect();
        closeBox = modal.querySelector('.ant-modal-close')?.getBoundingClientRect();
      }
      if (!toastBox || !headingBox || !closeBox) {
        requestAnimationFrame(look);
        return;
      }
      (window as Watched).toastCheck = {
        coversTitle: !apart(toastBox, headingBox),
        coversClose: !apart(toastBox, closeBox),
      };
    };
    requestAnimationFrame(look);
  }, title);

test("a guest's redemption and drawing follow it into the account it signs up", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const guestId = await openAsGuest(page);
  expect((await guestInfo(request, guestId)).userBalance.credits).toBe(20);

  // Spent as a guest: one Imagine of the offline demo (4 credits).
  await page.getByTestId('mj-prompt').fill('a paper boat on a calm lake');
  await page.getByTestId('mj-submit').click();
  await expect(page.getByTestId('mj-task').first()).toHaveAttribute('data-status', '3', {
    timeout: 30_000,
  });
  // Redeemed as a guest: the call the redemption dialog makes, with this browser's guest id.
  const admin = await adminToken(request);
  const batch = await api<{ codes: string[] }>(request, 'POST', '/admin/credits/codes/create', {
    token: admin,
    body: { count: 1, credits: 50, label: 'e2e guest' },
  });
  await api(request, 'POST', '/balance/changeToken', { guestId, body: { code: batch.codes[0] } });
  expect((await guestInfo(request, guestId)).userBalance.credits).toBe(66);

  await page.getByTestId('login-button').first().click();
  await signUpInDialog(page);
  await expect(page.getByTestId('user-badge')).toContainText('166 credits');

  await page.goto('/user-center');
  await page.getByRole('tab', { name: 'Credits' }).click();
  // Credits received: the sign-up gift, and the guest's trial and code, marked as the guest's
  // (the move of those same credits into the account is not a second income).
  const recharge = page.getByTestId('log-recharge');
  const titles = recharge.getByTestId('log-title');
  await expect(titles).toHaveText(['Sign-up gift', 'Redemption code', 'Guest trial'], {
    useInnerText: true,
  });
  const code = recharge.getByRole('listitem').filter({ hasText: 'Redemption code' });
  await expect(code).toContainText('+50');
  await expect(code).toContainText('as a guest');

  await page.getByText('Usage log', { exact: true }).click();
  const usage = page.getByTestId('log-usage');
  await expect(usage.getByRole('listitem')).toHaveCount(1);
  await expect(usage.getByTestId('log-title')).toHaveText('Midjourney · Imagine');
  await expect(usage).toContainText('-4');
  await expect(usage).toContainText('as a guest');
});

test('on a phone, the not-enough-credits dialog stays readable and closes after sign-up', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const guestId = await openAsGuest(page);
  const admin = await adminToken(request);
  const { userInfo, userBalance } = await guestInfo(request, guestId);
  await api(request, 'POST', '/admin/credits/adjust', {
    token: admin,
    body: { userId: userInfo.id, amount: -userBalance.credits, reason: 'e2e: a guest at 0' },
  });

  await page.getByTestId('mj-prompt').fill('a lantern in the fog');
  await watchToastOver(page, 'Not enough credits');
  const refused = page.waitForResponse('**/api/queue/addMjDrawQueue');
  await page.getByTestId('mj-submit').click();
  expect((await refused).status()).toBe(430);
  const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  // Measured by the page while the toast was there, once it had slid into place.
  await expect
    .poll(() => page.evaluate(() => (window as Watched).toastCheck), {
      message: 'a toast beside the dialog',
    })
    .toEqual({ coversTitle: false, coversClose: false });
  await page.screenshot({ path: test.info().outputPath('not-enough-390.png') });

  await dialog.getByRole('button', { name: 'Sign in / Sign up' }).click();
  await signUpInDialog(page);
  // The new account has its register gift: the dialog saying otherwise is gone.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'));
  expect(
    (await api<Info>(request, 'GET', '/auth/getInfo', { token: token! })).userBalance,
  ).toMatchObject({ credits: 100 });
});
