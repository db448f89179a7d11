import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeOpenAI } from '../../server/test/fakes/openai.js';
import { startFakeMidjourneyProxy } from '../../server/test/fakes/midjourney-proxy.js';
import {
  adminToken,
  api,
  BASE_URL,
  envelopeOf,
  registerUser,
  signInBeforeLoad,
  uniqueName,
} from '../support/index.js';
import { confirm, rowOf } from '../support/console.js';

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
    // A long list shows only its first options: typing narrows a searchable one (protocols).
    await page.keyboard.type(option);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
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
      { Name: modelName, 'Upstream model': 'fake-model' },
      { Provider: name, Kind: 'chat', 'Price key': `${priceModel}:chat` },
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
        { timeout: 30_000 },
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
