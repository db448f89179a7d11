import { expect, test } from '@playwright/test';
import {
  startFakeVideoEngines,
  type FakeVideoEngines,
} from '../../server/test/fakes/video-engines.js';
import { adminToken, api, registerUser, signInBeforeLoad, uniqueName } from '../support/index.js';
import { fillDialog, rowOf } from '../support/console.js';

/**
 * A new video engine set up as an operator does and used as a user does: in the console, a
 * `seedance` provider on a loopback Volcengine Ark fake (`server/test/fakes/video-engines.ts`)
 * passes its connection test, a price and a Seedance model are added through the forms; on
 * /video the user picks the model, which shows its own options (resolution, a still camera),
 * sees the cost, makes a clip, plays it and downloads an H.264 MP4; Ark received the options
 * with the watermark off, and the charge is the cost shown.
 *
 * The model is added without a sort, so it goes after every other model and no other spec's
 * default changes; it and its provider are deleted at the end.
 */
let ark: FakeVideoEngines;
test.beforeAll(async () => {
  ark = await startFakeVideoEngines({ stepMs: 400, clipSeconds: 3 });
});
test.afterAll(() => ark?.close());

test('a Seedance engine set up in the console makes a clip on /video that plays and downloads', async ({
  page,
  request,
}) => {
  test.setTimeout(270_000);
  const admin = await adminToken(request);
  const name = uniqueName('ark');
  const priceModel = uniqueName('seedance');
  const modelName = uniqueName('Seedance');
  const created: Array<[string, number]> = [];
  try {
    // The operator's part, through the console's forms.
    await signInBeforeLoad(page, admin);
    await page.goto('/admin/providers');
    const providers = page.getByTestId('providers-table');
    await providers.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Name: name, 'Base URL': ark.url, 'API key': ark.apiKey },
      { Protocol: 'seedance' },
    );
    const row = rowOf(providers, name);
    await row.getByRole('button', { name: 'Test connection' }).click();
    await expect(row).toContainText('Seedance (Ark): signed in');
    const list = await api<{ rows: Array<{ id: number; name: string }> }>(
      request,
      'GET',
      '/admin/chat/providers',
      { token: admin },
    );
    created.push(['providers', list.rows.find((p) => p.name === name)!.id]);

    await page.goto('/admin/money');
    const prices = page.getByTestId('prices-table');
    await prices.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Model: priceModel, Action: 'generate', Label: 'e2e Seedance', Credits: '12' },
      { Category: 'video', Unit: 'call' },
    );
    await expect(rowOf(prices, `${priceModel}:generate`)).toBeVisible();

    await page.goto('/admin/providers');
    await page.getByRole('tab', { name: 'Models' }).click();
    const models = page.getByTestId('models-table');
    await models.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Name: modelName, 'Upstream model': 'doubao-seedance-1-0-pro-250528' },
      { Provider: name, Kind: 'video', 'Price key': `${priceModel}:generate` },
    );
    await expect(rowOf(models, modelName)).toBeVisible();
    const modelRows = await api<{ rows: Array<{ id: number; name: string }> }>(
      request,
      'GET',
      '/admin/chat/models',
      { token: admin },
    );
    created.unshift(['models', modelRows.rows.find((m) => m.name === modelName)!.id]);

    // The user's part, on /video.
    const user = await registerUser(request, 'ark');
    const { userInfo } = await api<{ userInfo: { id: number } }>(request, 'GET', '/auth/getInfo', {
      token: user.token,
    });
    await api(request, 'POST', '/admin/credits/adjust', {
      token: admin,
      body: { userId: userInfo.id, amount: 100, reason: 'e2e: Seedance' },
    });
    const credits = async () =>
      (await api<{ credits: number }>(request, 'GET', '/balance/query', { token: user.token }))
        .credits;
    const before = await credits();
    await page.context().clearCookies();
    await signInBeforeLoad(page, user.token);
    await page.goto('/video');
    const prompt = page.getByRole('textbox', { name: 'Describe the video' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // The demo offers no resolution; the Seedance model does.
    await expect(page.getByTestId('video-options')).toHaveCount(0);
    await page.locator('form .ant-select').first().click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: modelName })
      .click();
    const options = page.getByTestId('video-options');
    await expect(options).toBeVisible();
    await options.getByText('720p', { exact: true }).click();
    await options.getByRole('switch', { name: 'Keep the camera still' }).click();
    await expect(options.getByRole('switch', { name: 'With sound' })).toHaveCount(0);
    await expect(page.getByText('This costs 12 credits')).toBeVisible();

    await prompt.fill('a paper lantern rising over a lake');
    await page.getByText('5 s', { exact: true }).click();
    await page.getByRole('button', { name: 'Generate video' }).click();

    const card = page.getByTestId('video-card').first();
    await expect(card).toHaveAttribute('data-status', '3', { timeout: 60_000 });
    await card.getByRole('button', { name: 'Play' }).click();
    const player = card.getByTestId('video-player');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(2.5);
    expect(duration).toBeLessThan(3.5);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('video-download').click(),
    ]);
    const fs = await import('node:fs');
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.includes(Buffer.from('avc1'))).toBe(true);

    // What Ark received, and the charge: the cost shown.
    const sent = ark.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/v3/contents/generations/tasks',
    );
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      model: 'doubao-seedance-1-0-pro-250528',
      resolution: '720p',
      camera_fixed: true,
      watermark: false,
      duration: 5,
    });
    expect(await credits()).toBe(before - 12);
  } finally {
    for (const [what, id] of created)
      await api(request, 'POST', `/admin/chat/${what}/delete`, {
        token: admin,
        body: { id },
      }).catch(() => undefined);
  }
});
