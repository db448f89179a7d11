import { expect, test } from '@playwright/test';
import {
  adminToken,
  api,
  BASE_URL,
  envelopeOf,
  registerUser,
  signInBeforeLoad,
  siteUrl,
  uniqueName,
} from '../support/index.js';
import { confirm, rowOf } from '../support/console.js';

/**
 * The operator console's money and site chores as the seeded admin: a paid order refunded to
 * credits, a code batch disabled (its codes then refused), a site icon uploaded and used by the
 * page head, and a provider delete refused with its reason while the provider is in use.
 */

/** A 16 × 16 PNG: the site icon the console uploads. */
const ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWN44FpNEmIY1eA6GkoPhmvSAACNY6AQT4LApwAAAABJRU5ErkJggg==',
  'base64',
);

test('the console refunds an order, disables a code batch, uploads a site icon and explains a refused provider delete', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await adminToken(request);
  const as = { token: admin };
  const user = await registerUser(request, 'ref');
  const providerName = uniqueName('busy');
  const provider = await api<{ id: number }>(request, 'POST', '/admin/chat/providers/create', {
    ...as,
    body: { name: providerName, protocol: 'openai', baseUrl: 'http://127.0.0.1:9' },
  });
  const model = await api<{ id: number }>(request, 'POST', '/admin/chat/models/create', {
    ...as,
    body: {
      name: uniqueName('m'),
      upstreamModel: 'u',
      providerId: provider.id,
      priceKey: 'demo-chat:chat',
    },
  });
  await api(request, 'POST', '/admin/payments/gateways', {
    ...as,
    body: { gateway: 'manual', enabled: true, payWays: ['alipay'] },
  });
  try {
    const [pack] = (
      await api<{ rows: Array<{ id: number }> }>(request, 'GET', '/autoreply/queryPrice')
    ).rows;
    const order = await api<{ orderNo: string; credits: number }>(request, 'POST', '/pay/order', {
      token: user.token,
      body: { packageId: pack!.id, payWay: 'alipay' },
    });
    await api(request, 'POST', '/admin/payments/orders/markPaid', { ...as, body: order });
    const paidBalance = (
      await api<{ credits: number }>(request, 'GET', '/balance/query', {
        token: user.token,
      })
    ).credits;
    await signInBeforeLoad(page, admin);
    await page.goto('/admin/money');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const orderRow = rowOf(page.locator('table'), order.orderNo);
    await orderRow.getByRole('button', { name: 'Refund to credits' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (the user’s ledger shows it)').fill('Upstream outage');
    await dialog.getByRole('button', { name: 'Refund to credits' }).click();
    // It asks once more, naming the credits and the user, before anything is sent.
    const ask = page.locator('.ant-popconfirm');
    await expect(ask).toContainText(`Refund ${order.credits} credit`);
    await expect(ask).toContainText('This cannot be undone.');
    await ask.getByRole('button', { name: 'Refund to credits' }).click();
    await expect(orderRow).toContainText('Refunded');
    const refunded = await api<{ credits: number }>(request, 'GET', '/balance/query', {
      token: user.token,
    });
    expect(refunded.credits).toBe(paidBalance + order.credits);

    // A disabled batch refuses its codes in words.
    const label = uniqueName('batch');
    const batch = await api<{ codes: string[] }>(request, 'POST', '/admin/credits/codes/create', {
      ...as,
      body: { count: 1, credits: 5, label },
    });
    await page.getByRole('tab', { name: 'Redemption codes' }).click();
    const batchRow = rowOf(page.locator('table'), label);
    await batchRow.getByRole('button', { name: 'Disable' }).click();
    await confirm(page);
    await expect(batchRow).toContainText('Disabled');
    const redeem = await request.post(`${BASE_URL}/api/balance/changeToken`, {
      headers: { authorization: `Bearer ${user.token}`, 'x-lang': 'en-US' },
      data: { code: batch.codes[0] },
    });
    expect(redeem.status()).toBe(409);
    expect((await envelopeOf(redeem)).message).toBe('This redemption code has been disabled');

    // A site's icon uploaded in its form becomes the page head's icon.
    const domain = uniqueName('brand');
    await api(request, 'POST', '/admin/sites/create', {
      ...as,
      body: { domain: `${domain}.atelier.test`, siteName: 'Brand' },
    });
    await page.goto('/admin/sites');
    const sites = page.getByTestId('sites-table');
    const siteRow = rowOf(sites, domain);
    await expect(sites.getByRole('cell', { name: 'default', exact: true })).toBeVisible();
    while (!(await siteRow.isVisible())) await sites.getByTitle('Next Page').click();
    await siteRow.getByRole('button', { name: 'Edit' }).click();
    const icon = dialog.locator('.ant-form-item', { has: page.getByText('Icon', { exact: true }) });
    await icon.locator('input[type=file]').setInputFiles({
      name: 'icon.png',
      mimeType: 'image/png',
      buffer: ICON,
    });
    await expect(icon.getByTestId('picture-preview')).toHaveAttribute('src', /^\/api\/files\/s\//);
    const stored = await icon.getByTestId('picture-preview').getAttribute('src');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(siteUrl(domain));
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', stored!);
    const served = await request.get(`${BASE_URL}${stored}`);
    expect(served.headers()['content-type']).toBe('image/png');

    // A provider with a model is not deleted; the console says why.
    await page.goto('/admin/providers');
    const providerRow = rowOf(page.getByTestId('providers-table'), providerName);
    await providerRow.getByRole('button', { name: 'Delete' }).click();
    await confirm(page);
    await expect(page.getByTestId('delete-error')).toContainText(
      'This provider is still used by models (1)',
    );
  } finally {
    await api(request, 'POST', '/admin/payments/gateways', {
      ...as,
      body: { gateway: 'manual', enabled: false },
    });
    for (const [kind, id] of [
      ['models', model.id],
      ['providers', provider.id],
    ] as const)
      await api(request, 'POST', `/admin/chat/${kind}/delete`, { ...as, body: { id } });
  }
});
