import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { startFakeOpenAI } from '../../server/test/fakes/openai.js';
import { startFakeMidjourneyProxy } from '../../server/test/fakes/midjourney-proxy.js';
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

/**
 * The operator console as the seeded admin: a provider on a loopback OpenAI fake with its
 * connection test (then a wrong key → 401 in words), a price and a model a user chats with, a
 * code batch redeemed by a user, a ban that ends the user's session, a failed task re-run from
 * its timeline, and the audit log's before/after of those changes.
 */

/** Opens the console's form dialog, fills text fields by label, and saves. */
async function fillDialog(
  page: Page,
  fields: Record<string, string>,
  selects: Record<string, string> = {},
) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  for (const [label, option] of Object.entries(selects)) {
    await dialog.getByLabel(label, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const rowOf = (table: Locator, text: string) => table.locator('tr', { hasText: text });

async function confirm(page: Page) {
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /Confirm|Delete|Mark paid|Disable/ })
    .click();
}

async function chatOnce(request: APIRequestContext, token: string, modelId: number) {
  const group = await api<{ id: number }>(request, 'POST', '/group/create', { token, body: {} });
  const res = await request.post(`${BASE_URL}/api/chatgpt/chat-process`, {
    headers: { authorization: `Bearer ${token}`, 'x-lang': 'en-US' },
    data: { gptModelId: modelId, prompt: 'Hello', options: { groupId: group.id } },
  });
  return { status: res.status(), text: await res.text() };
}

test('the operator console runs providers, money, users, tasks and shows the audit log', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const openai = await startFakeOpenAI();
  openai.apiKey = 'sk-e2e-right';
  const mj = await startFakeMidjourneyProxy({ stepMs: 30 });
  const admin = await adminToken(request);
  const created: Array<[string, number]> = [];
  try {
    await signInBeforeLoad(page, admin);
    await page.goto('/admin/providers');
    const providers = page.getByTestId('providers-table');
    await providers.getByRole('button', { name: 'Add' }).click();
    const name = uniqueName('oai');
    await fillDialog(
      page,
      { Name: name, 'Base URL': openai.url, 'API key': 'sk-e2e-right' },
      { Protocol: 'openai' },
    );
    const row = rowOf(providers, name);
    await expect(row).toContainText('set');
    await row.getByRole('button', { name: 'Test connection' }).click();
    await expect(row).toContainText('Connected: 1 models listed');
    await row.getByRole('button', { name: 'Edit' }).click();
    await fillDialog(page, { 'API key': 'sk-e2e-wrong' });
    await row.getByRole('button', { name: 'Test connection' }).click();
    await expect(row).toContainText('Failed: 401 Unauthorized');
    await row.getByRole('button', { name: 'Edit' }).click();
    await fillDialog(page, { 'API key': 'sk-e2e-right' });
    const providerId = (
      await api<{ rows: Array<{ id: number; name: string }> }>(
        request,
        'GET',
        '/admin/chat/providers',
        {
          token: admin,
        },
      )
    ).rows.find((p) => p.name === name)!.id;
    created.push(['providers', providerId]);

    // A price, then a model on the provider at that price.
    const priceModel = uniqueName('e2eprice');
    await page.goto('/admin/money');
    const prices = page.getByTestId('prices-table');
    await prices.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Model: priceModel, Action: 'chat', Label: 'e2e chat', Credits: '3' },
      { Category: 'chat', Unit: 'call' },
    );
    await expect(rowOf(prices, `${priceModel}:chat`)).toBeVisible();
    await page.goto('/admin/providers');
    await page.getByRole('tab', { name: 'Models' }).click();
    const models = page.getByTestId('models-table');
    await models.getByRole('button', { name: 'Add' }).click();
    const modelName = uniqueName('e2emodel');
    await fillDialog(
      page,
      { Name: modelName, 'Upstream model': 'fake-model', 'Price key': `${priceModel}:chat` },
      { Provider: name, Kind: 'chat' },
    );
    await expect(rowOf(models, modelName)).toBeVisible();
    const modelId = (
      await api<{ rows: Array<{ id: number; name: string }> }>(
        request,
        'GET',
        '/admin/chat/models',
        {
          token: admin,
        },
      )
    ).rows.find((m) => m.name === modelName)!.id;
    created.unshift(['models', modelId]);

    // A signed-in user chats with it (after a code batch gave them credits).
    const user = await registerUser(request, 'adm');
    await page.goto('/admin/money');
    await page.getByRole('tab', { name: 'Redemption codes' }).click();
    await page.getByLabel('Count', { exact: true }).fill('2');
    await page.getByLabel('Credits', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Create codes' }).click();
    const codes = (await page.getByTestId('new-codes').inputValue()).split('\n');
    expect(codes).toHaveLength(2);
    await page.keyboard.press('Escape');
    const before = await api<{ credits: number }>(request, 'GET', '/balance/query', {
      token: user.token,
    });
    await api(request, 'POST', '/balance/changeToken', {
      token: user.token,
      body: { code: codes[0] },
    });
    const after = await api<{ credits: number }>(request, 'GET', '/balance/query', {
      token: user.token,
    });
    expect(after.credits - before.credits).toBe(40);
    const chat = await chatOnce(request, user.token, modelId);
    expect(chat.status).toBe(200);
    expect(chat.text).toContain('Hello from the fake upstream');
    expect(openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-e2e-right');

    // A failed task (the proxy refuses a wrong secret), re-run from its timeline once fixed.
    const mjProvider = await api<{ id: number }>(request, 'POST', '/admin/chat/providers/create', {
      token: admin,
      body: { name: uniqueName('mjp'), protocol: 'midjourney', baseUrl: mj.url, apiKey: 'wrong' },
    });
    created.push(['providers', mjProvider.id]);
    const mjPrice = uniqueName('mjprice');
    await api(request, 'POST', '/admin/credits/prices/create', {
      token: admin,
      body: { model: mjPrice, action: 'imagine', category: 'image', label: 'e2e mj', credits: 1 },
    });
    const mjModel = await api<{ id: number }>(request, 'POST', '/admin/chat/models/create', {
      token: admin,
      body: {
        name: uniqueName('mjm'),
        upstreamModel: 'novicezk',
        providerId: mjProvider.id,
        kind: 'image',
        priceKey: `${mjPrice}:imagine`,
      },
    });
    created.unshift(['models', mjModel.id]);
    const task = await api<{ id: number }>(request, 'POST', '/queue/addMjDrawQueue', {
      token: user.token,
      body: { type: 'imagine', modelId: mjModel.id, prompt: 'a quiet harbour', params: {} },
    });
    await expect
      .poll(
        async () =>
          (
            await api<{ task: { status: number } }>(
              request,
              'GET',
              `/admin/tasks/detail?id=${task.id}`,
              {
                token: admin,
              },
            )
          ).task.status,
        { timeout: 15_000 },
      )
      .toBe(4);
    await api(request, 'POST', '/admin/chat/providers/update', {
      token: admin,
      body: { id: mjProvider.id, apiKey: mj.secret },
    });
    await page.goto('/admin/tasks');
    const taskRow = page.locator('tr', {
      has: page.locator('td', { hasText: new RegExp(`^${task.id}$`) }),
    });
    await taskRow.getByRole('button', { name: 'Timeline' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByTestId('task-timeline')).toContainText('failed');
    await expect(drawer.getByTestId('task-timeline')).toContainText('released');
    await drawer.getByRole('button', { name: 'Run again' }).click();
    await confirm(page);
    await expect(drawer.getByTestId('task-timeline')).toContainText('rerun');
    await expect
      .poll(
        async () =>
          (
            await api<{ task: { status: number } }>(
              request,
              'GET',
              `/admin/tasks/detail?id=${task.id}`,
              { token: admin },
            )
          ).task.status,
        { timeout: 40_000 },
      )
      .toBe(3);
    await page.reload();
    await taskRow.getByRole('button', { name: 'Timeline' }).click();
    await expect(drawer).toContainText('Succeeded');
    await expect(drawer.getByTestId('task-timeline')).toContainText('settled');

    // Ban the user: their next call is a 401.
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search username or email').fill(user.username);
    await page.getByPlaceholder('Search username or email').press('Enter');
    await rowOf(page.locator('table'), user.username).getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await confirm(page);
    await expect(page.locator('.ant-drawer-content')).toContainText('Banned');
    const refused = await request.get(`${BASE_URL}/api/auth/getInfo`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(refused.status()).toBe(401);
    expect((await envelopeOf(refused)).success).toBe(false);

    // The audit log: each change with its before and after, no secret.
    await page.goto('/admin/audit');
    await page.getByPlaceholder('Action').fill('/admin/chat/providers/update');
    await page.getByPlaceholder('Action').press('Enter');
    const audit = page.getByTestId('audit-table');
    await expect(audit.locator('tbody tr.ant-table-row').first()).toContainText(
      '/admin/chat/providers/update',
    );
    await audit
      .locator('tbody tr.ant-table-row')
      .first()
      .locator('.ant-table-row-expand-icon')
      .click();
    await expect(audit).toContainText('Before');
    await expect(audit).toContainText('After');
    await expect(audit).toContainText('"api_key_sealed": "set"');
    const log = await api<{ rows: Array<{ action: string; before: unknown; after: unknown }> }>(
      request,
      'GET',
      '/admin/audit?size=100',
      { token: admin },
    );
    const actions = log.rows.map((r) => r.action);
    for (const a of [
      'POST /admin/chat/providers/create',
      'POST /admin/chat/providers/update',
      'POST /admin/credits/prices/create',
      'POST /admin/chat/models/create',
      'POST /admin/credits/codes/create',
      'POST /admin/tasks/rerun',
      'POST /admin/users/ban',
    ])
      expect(actions).toContain(a);
    const ban = log.rows.find((r) => r.action === 'POST /admin/users/ban')!;
    expect(ban.before).toMatchObject({ disabled_at: null });
    expect((ban.after as { disabled_at: string | null }).disabled_at).toBeTruthy();
    expect(JSON.stringify(log)).not.toContain('sk-e2e-right');
    expect(JSON.stringify(log)).not.toContain(mj.secret);
  } finally {
    for (const [kind, id] of created)
      await api(request, 'POST', `/admin/chat/${kind}/delete`, {
        token: admin,
        body: { id },
      }).catch(() => undefined);
    await openai.close();
    await mj.close();
  }
});

/** A 16 × 16 PNG: the site icon the console uploads. */
const ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWN44FpNEmIY1eA6GkoPhmvSAACNY6AQT4LApwAAAABJRU5ErkJggg==',
  'base64',
);

test('the console refunds an order, disables a code batch, uploads a site icon and explains a refused provider delete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
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
      priceKey: 'x:chat',
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
