import { expect, test, type Page } from '@playwright/test';
import { adminToken, api, registerUser, signInBeforeLoad } from '../support/index.js';

/**
 * A fresh install has no payment gateway (docs/payments.md, A fresh install: nothing to buy
 * yet): the pay screen and the "not
 * enough credits" dialog offer no package that cannot be bought; they say how credits are
 * obtained on this site and lead to the redemption code; an admin is told how to set up a
 * gateway.
 */

interface Info {
  userInfo: { id: number };
  userBalance: { credits: number };
}

test.beforeEach(async ({ request }) => {
  // This run's install has no gateway enabled (credits.spec.ts disables the one it enables).
  const ways = await api<{ ways: unknown[] }>(request, 'GET', '/pay/ways');
  expect(ways.ways, 'no gateway takes orders').toEqual([]);
});

const inEnglish = (page: Page) =>
  page.addInitScript(() =>
    localStorage.setItem(
      'appSetting',
      JSON.stringify({ state: { language: 'en-US', languageChosen: true }, version: 0 }),
    ),
  );

test('the pay screen of a fresh install offers no packages but the ways to get credits', async ({
  page,
}) => {
  await inEnglish(page);
  await page.goto('/pay');
  const panel = page.getByTestId('no-purchase');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('How to get credits on this site');
  await expect(panel).toContainText('100 credits when you sign up');
  await expect(panel).toContainText('10 credits for checking in each day');
  await expect(panel).toContainText('Redemption codes');
  await expect(page.getByTestId('package-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  // Only admins are told about gateways.
  await expect(page.getByRole('button', { name: /How to set up payments/ })).toHaveCount(0);

  await panel.getByRole('button', { name: /Redeem a code/ }).click();
  await expect(page.getByRole('dialog', { name: 'Redemption code' })).toBeVisible();
});

test('not enough credits on a fresh install leads to the redemption code, not to packages', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const user = await registerUser(request, 'np');
  const info = await api<Info>(request, 'GET', '/auth/getInfo', { token: user.token });
  await api(request, 'POST', '/admin/credits/adjust', {
    token: admin,
    body: {
      userId: info.userInfo.id,
      amount: -info.userBalance.credits,
      reason: 'e2e: start from 0',
    },
  });
  await signInBeforeLoad(page, user.token);
  await page.goto('/Midjourney');
  const simulation = page.getByTestId('mj-simulation');
  await expect(simulation.getByRole('alert')).toContainText('Not enough credits');
  await simulation.getByRole('button').click();

  const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You do not have enough credits for this.');
  await expect(dialog).not.toContainText('Buy a package');
  await expect(dialog.getByTestId('no-purchase')).toContainText('10 credits for checking in');
  await expect(dialog.getByTestId('package-card')).toHaveCount(0);
  await dialog.getByRole('button', { name: /Redeem a code/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Redemption code' })).toBeVisible();
});

test('an admin is shown how to set up a payment gateway', async ({ page, request }) => {
  await signInBeforeLoad(page, await adminToken(request));
  await page.goto('/pay');
  await expect(page.getByTestId('no-purchase')).toBeVisible();
  await page.getByRole('button', { name: /How to set up payments/ }).click();
  const setup = page.getByRole('dialog', { name: 'Set up a payment gateway' });
  await expect(setup).toContainText('PUBLIC_URL');
  await expect(setup.getByRole('link', { name: '/admin/money' })).toHaveAttribute(
    'href',
    '/admin/money',
  );
  await expect(setup).toContainText('docs/payments.md');
});
