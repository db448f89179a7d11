import { expect, test, type Page } from '@playwright/test';
import { startFakeBfl, type FakeBfl } from '../../server/test/fakes/bfl.js';
import { adminToken, api, registerUser, signInBeforeLoad, uniqueName } from '../support/index.js';
import { fillDialog, rowOf } from '../support/console.js';

/**
 * A new image engine end to end: the operator adds a Black Forest Labs (FLUX) provider on a
 * loopback fake (`server/test/fakes/bfl.ts`) through the console's forms, tests its connection,
 * adds a price and a FLUX model; a user picks it on /draw, where its own choices show (aspect
 * ratio and seed instead of sizes), sees the cost, draws a 16:9 picture that is polled until
 * ready, views it with its seed and downloads it; the charge equals the cost shown.
 *
 * Beside the other specs (project `chromium`): a model added in the console goes last in the
 * list, so no other spec's default model changes.
 */
let bfl: FakeBfl;
test.beforeAll(async () => {
  bfl = await startFakeBfl();
  bfl.pendingPolls = 1;
});
test.afterAll(() => bfl?.close());

/** Opens the ant Select whose input is named `label` (its tag covers the input). */
const openSelect = (page: Page, label: string) =>
  page.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();

const pick = (page: Page, name: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();

test('a FLUX provider added in the console draws a 16:9 picture on /draw, viewed and downloaded', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const name = uniqueName('flux');
  const priceModel = uniqueName('fluxprice');
  const modelName = uniqueName('FLUX pro');
  const created: Array<[string, number]> = [];
  try {
    // The operator's part, through the console's forms.
    await signInBeforeLoad(page, admin);
    await page.goto('/admin/providers');
    const providers = page.getByTestId('providers-table');
    await providers.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Name: name, 'Base URL': bfl.url, 'API key': bfl.secret },
      { Protocol: 'bfl' },
    );
    const row = rowOf(providers, name);
    await row.getByRole('button', { name: 'Test connection' }).click();
    await expect(row).toContainText('1234.5 credits left');

    await page.goto('/admin/money');
    const prices = page.getByTestId('prices-table');
    await prices.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Model: priceModel, Action: 'generate', Label: 'e2e FLUX', Credits: '6' },
      { Category: 'Pictures', Unit: 'call' },
    );
    await expect(rowOf(prices, `${priceModel}:generate`)).toBeVisible();

    await page.goto('/admin/providers');
    await page.getByRole('tab', { name: 'Models' }).click();
    const models = page.getByTestId('models-table');
    await models.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Name: modelName, 'Upstream model': 'flux-pro-1.1' },
      { Provider: name, Kind: 'Pictures', 'Price key': `${priceModel}:generate` },
    );
    await expect(rowOf(models, modelName)).toBeVisible();
    const all = await api<{ rows: Array<{ id: number; name: string }> }>(
      request,
      'GET',
      '/admin/chat/models',
      { token: admin },
    );
    created.push(['models', all.rows.find((m) => m.name === modelName)!.id]);
    const provs = await api<{ rows: Array<{ id: number; name: string }> }>(
      request,
      'GET',
      '/admin/chat/providers',
      { token: admin },
    );
    created.push(['providers', provs.rows.find((p) => p.name === name)!.id]);

    // A user with credits draws with it on /draw.
    const user = await registerUser(request, 'flux');
    const { userInfo } = await api<{ userInfo: { id: number } }>(request, 'GET', '/auth/getInfo', {
      token: user.token,
    });
    await api(request, 'POST', '/admin/credits/adjust', {
      token: admin,
      body: { userId: userInfo.id, amount: 50, reason: 'e2e: FLUX' },
    });
    const credits = async () =>
      (await api<{ credits: number }>(request, 'GET', '/balance/query', { token: user.token }))
        .credits;
    const start = await credits();
    await signInBeforeLoad(page, user.token);
    await page.goto('/draw');
    await expect(page.getByTestId('draw-prompt')).toBeVisible({ timeout: 30_000 });
    await openSelect(page, 'Model');
    await pick(page, modelName);
    // FLUX's own choices: aspect ratio and seed, no DALL·E sizes or qualities.
    await expect(page.getByRole('combobox', { name: 'Size' })).toHaveCount(0);
    await openSelect(page, 'Aspect ratio');
    await pick(page, '16:9');
    await page.getByRole('spinbutton', { name: 'Seed' }).fill('4242');
    await page.getByTestId('draw-prompt').fill('a lighthouse on a cliff, long exposure');
    await expect(page.getByTestId('draw-cost')).toContainText('Costs 6 credits');
    await page.getByTestId('draw-submit').click();

    const card = page.getByTestId('image-card').first();
    await expect(card).toHaveAttribute('data-status', '3', { timeout: 60_000 });
    const thumb = card.locator('img');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight))
      .toBeCloseTo(16 / 9, 1);
    const sent = JSON.parse(bfl.requests.find((q) => q.path === '/v1/flux-pro-1.1')!.body);
    expect(sent).toMatchObject({ seed: 4242, width: 1376, height: 768 });
    // The sample link expired after our one fetch: what the user sees is our copy.
    expect([...bfl.sampleFetches.values()]).toEqual([1]);

    await card.getByRole('button', { name: 'Open picture' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect
      .poll(() =>
        viewer.getByTestId('viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(viewer.getByTestId('viewer-seed')).toHaveText('4242');
    await expect(viewer.getByTestId('viewer-details')).toContainText(modelName);
    const download = page.waitForEvent('download');
    await viewer.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.png$/);
    expect((await file.path()) ? 'saved' : 'none').toBe('saved');

    // Charged once, exactly the cost shown.
    await expect.poll(credits).toBe(start - 6);
  } finally {
    for (const [what, id] of created)
      await api(request, 'POST', `/admin/chat/${what}/delete`, {
        token: admin,
        body: { id },
      }).catch(() => undefined);
  }
});
