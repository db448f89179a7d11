import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeNewApi, type FakeNewApi } from '../../server/test/fakes/newapi.js';
import { adminToken, api, registerUser, signInBeforeLoad, uniqueName } from '../support/index.js';
import { fillDialog, rowOf } from '../support/console.js';

/**
 * A New API relay configured once drives every kind (docs/providers.md, Connect a New API /
 * one-api relay): an operator adds ONE provider of protocol `newapi` on a loopback fake relay
 * (`server/test/fakes/newapi.ts`, routed as New API's `router/relay-router.go` and
 * `router/video-router.go`) and a model of each kind on it; a user then, on the screens, has a
 * chat answered, imagines on Midjourney and upscales U1, makes a Suno song and extends it, and
 * makes a Kling video. Each result calls the relay's route for it once and is charged once
 * (the user's usage log and balance).
 *
 * The provider is added and tested through the console's form; the prices and models through
 * the admin API (the forms are covered by video-engines.spec.ts and flux.spec.ts).
 * Beside the other specs (project `chromium`): the chat and Midjourney models are allowed to
 * this test's user only (the per-model allow lists), and every model is added without a sort,
 * so it goes after every other model and no other spec's default model changes. Everything
 * the test creates is deleted at the end.
 */
let relay: FakeNewApi;
test.beforeAll(async () => {
  relay = await startFakeNewApi();
});
test.afterAll(() => relay?.close());

interface UsageRow {
  kind: string;
  amount: number;
  spentOn: { label: string | null } | null;
}

const usage = async (request: APIRequestContext, token: string) =>
  (await api<{ rows: UsageRow[] }>(request, 'GET', '/chatLog/usetokenList', { token })).rows;
const credits = async (request: APIRequestContext, token: string) =>
  (await api<{ credits: number }>(request, 'GET', '/balance/query', { token })).credits;
/** The relay's paths asked since `from`, without the reads of results and files. */
const submitsSince = (from: number) =>
  relay.requests
    .slice(from)
    .map((r) => `${r.method} ${r.path}`)
    .filter((p) => p.startsWith('POST '));

/** Picks `name` in an open ant Select's list. */
const pick = (page: Page, name: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();

test('one New API provider: chat, Midjourney imagine + U1, Suno song + extend, Kling video', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const user = await registerUser(request, 'na');
  const { userInfo } = await api<{ userInfo: { id: number } }>(request, 'GET', '/auth/getInfo', {
    token: user.token,
  });
  await api(request, 'POST', '/admin/credits/adjust', {
    token: admin,
    body: { userId: userInfo.id, amount: 500, reason: 'e2e: New API' },
  });

  const models: Record<string, { id: number; name: string }> = {};
  const priceIds: number[] = [];
  let providerId: number | undefined;
  try {
    // The operator's part: one provider through the console's form, its connection test there.
    const providerName = uniqueName('newapi');
    await signInBeforeLoad(page, admin);
    await page.goto('/admin/providers');
    const providers = page.getByTestId('providers-table');
    await providers.getByRole('button', { name: 'Add' }).click();
    await fillDialog(
      page,
      { Name: providerName, 'Base URL': relay.url, 'API key': relay.token },
      // "newapi (chat, …": not midjourney-newapi.
      { Protocol: 'newapi (chat' },
    );
    const providerRow = rowOf(providers, providerName);
    await providerRow.getByRole('button', { name: 'Test connection' }).click();
    await expect(providerRow).toContainText('New API', { timeout: 30_000 });
    const provider = (
      await api<{ rows: Array<{ id: number; name: string; protocol: string }> }>(
        request,
        'GET',
        '/admin/chat/providers',
        { token: admin },
      )
    ).rows.find((p) => p.name === providerName)!;
    expect(provider.protocol).toBe('newapi');
    providerId = provider.id;
    expect(relay.requests.filter((r) => r.path === '/v1/models').length).toBeGreaterThan(0);
    await page.context().clearCookies();

    const tag = uniqueName('na');
    const PRICES = [
      ['chat', 'chat', 'chat', 1],
      ['mj', 'imagine', 'image', 5],
      ['mj', 'upscale', 'image', 2],
      ['suno', 'song', 'music', 10],
      ['suno', 'extend', 'music', 6],
      ['kling', 'generate', 'video', 8],
    ] as const;
    const label = (what: string, action: string) => `${tag} ${what} ${action}`;
    for (const [what, action, category, amount] of PRICES)
      priceIds.push(
        (
          await api<{ id: number }>(request, 'POST', '/admin/credits/prices/create', {
            token: admin,
            body: {
              model: `${tag}-${what}`,
              action,
              category,
              label: label(what, action),
              unit: 'call',
              credits: amount,
            },
          })
        ).id,
      );
    const MODELS = [
      ['chat', 'gpt-4o-mini', 'chat', 'chat', true],
      ['mj', 'midjourney', 'image', 'imagine', true],
      ['suno', 'chirp-v4', 'music', 'song', false],
      ['kling', 'kling-v1-6', 'video', 'generate', false],
    ] as const;
    for (const [what, upstreamModel, kind, action, allowList] of MODELS) {
      const name = `${tag} ${what}`;
      const { id } = await api<{ id: number }>(request, 'POST', '/admin/chat/models/create', {
        token: admin,
        // Without a sort: after every other model, so no other spec's default model changes.
        body: {
          name,
          upstreamModel,
          providerId: provider.id,
          kind,
          priceKey: `${tag}-${what}:${action}`,
        },
      });
      models[what] = { id, name };
      if (allowList)
        await api(request, 'POST', '/admin/chat/models/access', {
          token: admin,
          body: { modelId: id, userIds: [userInfo.id], groups: [] },
        });
    }

    /** Exactly one new charge since `before`, of `amount` credits, for the price `priceLabel`. */
    const chargedOnce = async (
      before: UsageRow[],
      start: number,
      priceLabel: string,
      amount: number,
    ) => {
      await expect
        .poll(async () => (await usage(request, user.token)).length - before.length)
        .toBe(1);
      const [row] = await usage(request, user.token);
      expect(row).toMatchObject({
        kind: 'charge',
        amount: -amount,
        spentOn: { label: priceLabel },
      });
      expect(await credits(request, user.token)).toBe(start - amount);
      return start - amount;
    };

    // The user's init script runs after the admin's: the user is signed in from here on.
    await signInBeforeLoad(page, user.token);
    let balance = await credits(request, user.token);

    // Chat: the model picked on the chat screen answers through <root>/v1/chat/completions.
    let before = await usage(request, user.token);
    let from = relay.requests.length;
    await page.goto('/Chat');
    await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('chat-model').click();
    await pick(page, models.chat!.name);
    await page.getByTestId('chat-input').fill('Hello through the relay');
    await page.getByTestId('chat-input').press('Enter');
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    // (The reply's markdown shows rendered.)
    await expect(answer.getByTestId('chat-answer')).toContainText('Hello from the fake upstream');
    expect(submitsSince(from)).toEqual(['POST /v1/chat/completions']);
    expect(relay.chat.requests.at(-1)!.body.model).toBe('gpt-4o-mini');
    balance = await chargedOnce(before, balance, label('chat', 'chat'), 1);

    // Midjourney: imagine, then U1 of the grid.
    before = await usage(request, user.token);
    from = relay.requests.length;
    await page.goto('/Midjourney');
    await expect(page.getByTestId('mj-prompt')).toBeVisible({ timeout: 30_000 });
    await page.locator('.ant-select', { has: page.locator('#mj-model') }).click();
    await pick(page, models.mj!.name);
    await page.getByTestId('mj-prompt').fill('a relayed fox in the snow');
    await page.getByTestId('mj-submit').click();
    const grid = page.getByTestId('mj-task').first();
    await expect(grid).toHaveAttribute('data-status', '3', { timeout: 60_000 });
    await expect(grid.getByTestId('mj-image')).toBeVisible();
    expect(submitsSince(from)).toEqual([
      expect.stringMatching(/^POST (\/[a-z]+)?\/mj\/submit\/imagine$/),
    ]);
    balance = await chargedOnce(before, balance, label('mj', 'imagine'), 5);

    before = await usage(request, user.token);
    from = relay.requests.length;
    const gridId = await grid.getAttribute('data-task-id');
    await grid.getByRole('button', { name: 'Upscale picture 1' }).click();
    const upscaled = page.getByTestId('mj-task').first();
    await expect(upscaled).not.toHaveAttribute('data-task-id', gridId!);
    await expect(upscaled).toHaveAttribute('data-status', '3', { timeout: 60_000 });
    // New API's channel here is a plain novicezk proxy: U1 is its `change` UPSCALE, index 1.
    expect(submitsSince(from)).toEqual([
      expect.stringMatching(/^POST (\/[a-z]+)?\/mj\/submit\/change$/),
    ]);
    expect(relay.mjChannel.submits.at(-1)).toMatchObject({
      body: { action: 'UPSCALE', index: 1 },
    });
    balance = await chargedOnce(before, balance, label('mj', 'upscale'), 2);

    // Suno: a song (two clips), then an extend of its first clip.
    before = await usage(request, user.token);
    from = relay.requests.length;
    await page.goto('/music');
    await page
      .locator('.ant-select', { has: page.getByRole('combobox', { name: 'Model' }) })
      .click();
    await pick(page, models.suno!.name);
    await page.getByLabel('Describe the song').fill('a harbour song at dawn');
    await page.getByRole('button', { name: /Create song/ }).click();
    const cards = page.getByTestId('song-card');
    await expect(cards).toHaveCount(2, { timeout: 60_000 });
    expect(submitsSince(from)).toEqual(['POST /suno/submit/music']);
    balance = await chargedOnce(before, balance, label('suno', 'song'), 10);

    before = await usage(request, user.token);
    from = relay.requests.length;
    await cards.last().getByRole('button', { name: 'Extend' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Extend' }).click();
    await expect(cards).toHaveCount(4, { timeout: 60_000 });
    await expect(cards.first()).toContainText('Extended from');
    // One submit, with the task the clip came from (New API refuses an extend without it).
    expect(submitsSince(from)).toEqual(['POST /suno/submit/music']);
    balance = await chargedOnce(before, balance, label('suno', 'extend'), 6);

    // Kling: text to video through New API's /kling/v1 route.
    before = await usage(request, user.token);
    from = relay.requests.length;
    await page.goto('/video');
    const prompt = page.getByRole('textbox', { name: 'Describe the video' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await page.locator('form label', { hasText: 'Model' }).locator('.ant-select').first().click();
    await pick(page, models.kling!.name);
    await prompt.fill('a relayed lighthouse at night');
    await page.getByRole('button', { name: 'Generate video' }).click();
    const clip = page.getByTestId('video-card').first();
    await expect(clip).toHaveAttribute('data-status', '3', { timeout: 90_000 });
    await expect(clip.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(submitsSince(from)).toEqual(['POST /kling/v1/videos/text2video']);
    await chargedOnce(before, balance, label('kling', 'generate'), 8);
  } finally {
    for (const { id } of Object.values(models))
      await api(request, 'POST', '/admin/chat/models/delete', { token: admin, body: { id } });
    if (providerId !== undefined)
      await api(request, 'POST', '/admin/chat/providers/delete', {
        token: admin,
        body: { id: providerId },
      });
    for (const id of priceIds)
      await api(request, 'POST', '/admin/credits/prices/delete', { token: admin, body: { id } });
  }
});
