import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeEpay } from '../../server/test/fakes/epay.js';
import {
  adminToken,
  api,
  BASE_URL,
  registerUser,
  signInBeforeLoad,
  siteUrl,
  uniqueName,
} from '../support/index.js';

/**
 * Credits on screen (docs/product.md §8, docs/web.md, Credits screens): the "not enough credits" answer opens the recharge dialog of
 * the domain's recharge mode (2: redemption code, 1: purchase), and redeeming a code or paying
 * an order through a fake epay gateway raises the balance shown in the header and the user
 * centre; the daily check-in marks today on the calendar.
 *
 * How the 430 is triggered: the user's balance really is taken to 0 (admin adjust, a ledger
 * row). No screen sends anything that costs credits yet (the chat screen is still to come), but
 * the server's chat endpoints do hold credits before they answer. So the user presses a button
 * on a screen ("Check in") and that one request is sent on to `POST /chatgpt/chat-mind` with the
 * offline demo model: the server's credit hold answers its real 430 (not enough credits, in the
 * user's language), the app's one API client handles it and opens the dialog of the site's
 * recharge mode, and that dialog talks to the real server. Nothing is fabricated.
 */

interface Info {
  userInfo: { id: number };
  userBalance: { credits: number };
}

/** A new user with no credits at all (the register gift taken away by an admin adjust). */
async function brokeUser(request: APIRequestContext, admin: string) {
  const user = await registerUser(request, 'cr');
  const info = await api<Info>(request, 'GET', '/auth/getInfo', { token: user.token });
  if (info.userBalance.credits > 0) {
    await api(request, 'POST', '/admin/credits/adjust', {
      token: admin,
      body: {
        userId: info.userInfo.id,
        amount: -info.userBalance.credits,
        reason: 'e2e: start from 0',
      },
    });
  }
  return { ...user, id: info.userInfo.id };
}

async function createSite(request: APIRequestContext, admin: string, recharge: 1 | 2) {
  const domain = uniqueName(`rc${recharge}`);
  await api(request, 'POST', '/admin/sites/create', {
    token: admin,
    body: { domain: `${domain}.atelier.test`, siteName: `Recharge ${recharge}`, recharge },
  });
  return domain;
}

/** Signed in, in English, on the given site's user centre, credits tab open. */
async function openCredits(page: Page, domain: string, token: string) {
  await signInBeforeLoad(page, token);
  await page.goto(siteUrl(domain, '/user-center'));
  await page.getByRole('tab', { name: 'Credits' }).click();
  await expect(page.getByTestId('checkin-card')).toBeVisible();
}

/** The user presses a button; its request goes to a credit-holding endpoint (see above). */
async function spendWithNoCredits(page: Page, request: APIRequestContext) {
  const models = await api<{ rows: { id: number; demo: boolean }[] }>(
    request,
    'GET',
    '/autoreply/queryGptModel',
  );
  const demo = models.rows.find((m) => m.demo);
  expect(demo, 'the offline demo chat model').toBeTruthy();
  await page.route(
    '**/api/user/checkin',
    (route) =>
      route.continue({
        url: route.request().url().replace('/api/user/checkin', '/api/chatgpt/chat-mind'),
        method: 'POST',
        headers: { ...route.request().headers(), 'content-type': 'application/json' },
        postData: JSON.stringify({
          prompt: 'An outline of my week',
          gptModelId: demo!.id,
          options: {},
        }),
      }),
    { times: 1 },
  );
  const answer = page.waitForResponse('**/api/chatgpt/chat-mind');
  await page.getByRole('button', { name: 'Check in' }).click();
  expect((await answer).status()).toBe(430);
}

const headerBalance = (page: Page) => page.getByTestId('user-badge');

test('recharge mode 2: not enough credits opens the redemption dialog; a code raises the balance', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const domain = await createSite(request, admin, 2);
  const user = await brokeUser(request, admin);
  const batch = await api<{ codes: string[] }>(request, 'POST', '/admin/credits/codes/create', {
    token: admin,
    body: { count: 1, credits: 250, vipDays: 3, label: 'e2e redeem' },
  });
  const code = batch.codes[0]!;

  await openCredits(page, domain, user.token);
  await expect(page.getByTestId('center-credits')).toHaveText('0');
  await expect(headerBalance(page)).toContainText('0 credits');

  await spendWithNoCredits(page, request);
  // The toast first: it leaves after a few seconds, and on a loaded machine the dialog's
  // chunk may take longer than that to arrive.
  await expect(page.getByText(/^Not enough credits: this needs \d+, you have 0/)).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Redemption code' });
  await expect(dialog).toBeVisible();

  // A wrong code: the server's message shows under the field and the typed code stays.
  const field = dialog.getByRole('textbox');
  await field.fill('WRONG-CODE-1234');
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(field).toHaveValue('WRONG-CODE-1234');

  await field.fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByTestId('redeem-success')).toContainText('250 credits added');
  await expect(dialog).toContainText('VIP extended by 3 days');
  await expect(dialog).toContainText('Credits now: 250');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('center-credits')).toHaveText('250');
  await expect(headerBalance(page)).toContainText('250 credits');
  await expect(page.getByTestId('log-recharge')).toContainText('Redemption code');
  await expect(page.getByTestId('log-recharge')).toContainText('+250');

  // The same code again: used, said in place.
  await page.getByRole('button', { name: 'Redeem a code' }).click();
  await expect(field).toHaveValue('');
  await field.fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(field).toHaveValue(code);
  await expect(page.getByTestId('center-credits')).toHaveText('250');
});

test('recharge mode 1: not enough credits opens the purchase dialog; a paid epay order raises the balance', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const epay = await startFakeEpay();
  try {
    await api(request, 'POST', '/admin/payments/gateways', {
      token: admin,
      body: {
        gateway: 'epay',
        enabled: true,
        payWays: ['wechat', 'alipay'],
        settings: { baseUrl: epay.url, pid: epay.pid },
        secrets: { key: epay.key },
      },
    });
    const packName = uniqueName('Pack ');
    await api(request, 'POST', '/admin/payments/packages', {
      token: admin,
      body: { name: packName, priceCents: 1290, credits: 480, sort: -1000 },
    });
    const domain = await createSite(request, admin, 1);
    const user = await brokeUser(request, admin);

    await openCredits(page, domain, user.token);
    await expect(page.getByTestId('center-credits')).toHaveText('0');

    await spendWithNoCredits(page, request);
    const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You do not have enough credits for this');

    await dialog.getByRole('radio', { name: new RegExp(packName) }).click();
    await expect(dialog.getByRole('radio', { name: 'WeChat Pay' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await dialog.getByRole('button', { name: /^Pay / }).click();

    // The epay order: a WeChat QR code, a countdown and the waiting status.
    const waiting = dialog.getByTestId('order-waiting');
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText('Scan with WeChat Pay to pay');
    await expect(waiting.locator('svg[aria-label^="weixin://wxpay/"]')).toBeVisible();
    await expect(dialog.getByTestId('order-countdown')).toHaveText(/^\d{2}:\d{2}$/);
    expect(epay.orders.size).toBe(1);
    const [order] = [...epay.orders.values()];
    expect(order!.type).toBe('wxpay');
    expect(order!.money).toBe('12.90');
    await expect(waiting).toContainText(order!.outTradeNo);

    // The buyer pays; the gateway notifies the server, which answers as epay expects.
    const delivery = await epay.pay(order!.outTradeNo);
    expect(delivery).toEqual({ status: 200, body: 'success' });

    await expect(dialog.getByTestId('order-paid')).toContainText('480 credits added', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('center-credits')).toHaveText('480');
    await expect(headerBalance(page)).toContainText('480 credits');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('log-recharge')).toContainText('Package purchase');
    await expect(page.getByTestId('log-recharge')).toContainText('+480');
  } finally {
    await api(request, 'POST', '/admin/payments/gateways', {
      token: admin,
      body: { gateway: 'epay', enabled: false },
    });
    await epay.close();
  }
});

test('daily check-in: the button grants the reward once and the calendar marks today', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const domain = await createSite(request, admin, 2);
  const user = await brokeUser(request, admin);
  const before = await api<{ reward: number; today: string; days: string[] }>(
    request,
    'GET',
    '/user/displaycheckin',
    { token: user.token },
  );
  expect(before.days).toEqual([]);

  await openCredits(page, domain, user.token);
  const card = page.getByTestId('checkin-card');
  await expect(card).toContainText(`Check in every day for ${before.reward} credits`);
  await expect(card.getByTestId('checked-day')).toHaveCount(0);
  await expect(card.locator('[aria-current="date"]')).toHaveText(
    String(Number(before.today.slice(8))),
  );

  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText(`Checked in: ${before.reward} credits added`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  await expect(card.getByTestId('checked-day')).toHaveCount(1);
  await expect(card.getByTestId('checked-day')).toHaveAttribute('aria-current', 'date');
  await expect(card.getByTestId('streak')).toHaveText('Days in a row: 1');
  await expect(page.getByTestId('center-credits')).toHaveText(String(before.reward));
  await expect(headerBalance(page)).toContainText(`${before.reward} credits`);

  // The server grants it once a day: a second check-in is a 420 notice.
  const again = await request.get(`${BASE_URL}/api/user/checkin`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(again.status()).toBe(420);
  await page.reload();
  await page.getByRole('tab', { name: 'Credits' }).click();
  await expect(card.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  await expect(page.getByTestId('center-credits')).toHaveText(String(before.reward));
});
