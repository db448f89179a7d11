import { expect, test } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAI } from '../../server/test/fakes/openai.js';
import { startFakeMcp, type FakeMcp } from '../../server/test/fakes/mcp.js';
import { startFakeSearch, type FakeSearch } from '../../server/test/fakes/web-search.js';
import { adminToken, api, registerUser, signInBeforeLoad, uniqueName } from '../support/index.js';

/**
 * Web search and a tool call in one answer (docs/chat.md): the operator adds a SearXNG search
 * provider and a loopback MCP server (marked as on a private network, operator-trusted), lets
 * a model call its `weather` tool; the user switches web search on in the composer and asks.
 * The answer shows the tool call folded (opened: arguments and result) and the numbered
 * sources under it, and both are still there after a reload. (The result pages are on loopback:
 * the address guard leaves them unread, and the search's snippets stand in.)
 */
let fake: FakeOpenAI;
let search: FakeSearch;
let mcp: FakeMcp;
test.beforeAll(async () => {
  [fake, search, mcp] = await Promise.all([startFakeOpenAI(), startFakeSearch(), startFakeMcp()]);
});
test.afterAll(() => Promise.all([fake.close(), search.close(), mcp.close()]));

test('a search answer with numbered sources and a tool call shown in it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const cleanup: Array<[string, number]> = [];
  try {
    const provider = await api<{ id: number }>(request, 'POST', '/admin/chat/providers/create', {
      token: admin,
      body: { name: uniqueName('tools'), protocol: 'openai', baseUrl: fake.url, apiKey: 'sk-e2e' },
    });
    cleanup.push(['/admin/chat/providers/delete', provider.id]);
    const priceModel = uniqueName('toolsprice');
    const price = await api<{ id: number }>(request, 'POST', '/admin/credits/prices/create', {
      token: admin,
      body: {
        model: priceModel,
        action: 'chat',
        category: 'chat',
        label: 'e2e tools',
        unit: 'call',
        credits: 1,
      },
    });
    cleanup.push(['/admin/credits/prices/delete', price.id]);
    const modelName = uniqueName('Toolsy');
    const model = await api<{ id: number }>(request, 'POST', '/admin/chat/models/create', {
      token: admin,
      body: {
        name: modelName,
        upstreamModel: 'fake-tools',
        providerId: provider.id,
        kind: 'chat',
        priceKey: `${priceModel}:chat`,
      },
    });
    cleanup.unshift(['/admin/chat/models/delete', model.id]);
    const searx = await api<{ id: number }>(
      request,
      'POST',
      '/admin/chat/search-providers/create',
      { token: admin, body: { name: uniqueName('searx'), kind: 'searxng', baseUrl: search.url } },
    );
    cleanup.push(['/admin/chat/search-providers/delete', searx.id]);
    const server = await api<{ id: number; tools: Array<{ name: string }> }>(
      request,
      'POST',
      '/admin/chat/mcp-servers/create',
      {
        token: admin,
        body: { name: uniqueName('wx').replace(/\W/g, ''), url: mcp.url, allowPrivate: true },
      },
    );
    cleanup.unshift(['/admin/chat/mcp-servers/delete', server.id]);
    expect(server.tools.map((x) => x.name)).toContain('weather');
    await api(request, 'POST', '/admin/chat/model-tools/set', {
      token: admin,
      body: { modelId: model.id, tools: [{ serverId: server.id, tool: 'weather' }] },
    });
    fake.toolPlan = [[{ arguments: '{"city":"Paris"}' }]];

    const user = await registerUser(request, 'tl');
    await signInBeforeLoad(page, user.token);
    await page.goto('/Chat');
    await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('chat-model').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: modelName })
      .click();
    const toggle = page.getByTestId('chat-web-search');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    const input = page.getByTestId('chat-input');
    await input.fill('When is the festival, and what is the weather in Paris?');
    await input.press('Enter');
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(answer.getByTestId('chat-answer')).toContainText(
      'The tools said: Sunny in Paris, 21 °C [1]',
    );
    // The model wrote the query from the conversation (the fake's own words for it).
    expect(search.queries.at(-1)?.query).toBe(
      'when is the festival and what is the weather in paris latest',
    );

    const check = async () => {
      const shown = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
      const call = shown.getByTestId('chat-tool-call');
      await expect(call).toHaveCount(1);
      await expect(call.getByTestId('chat-tool-toggle')).toContainText(/weather/);
      await expect(call.getByTestId('chat-tool-body')).toHaveCount(0);
      await call.getByTestId('chat-tool-toggle').click();
      await expect(call.getByTestId('chat-tool-body')).toContainText('{"city":"Paris"}');
      await expect(call.getByTestId('chat-tool-result')).toHaveText('Sunny in Paris, 21 °C');
      const sources = shown.getByTestId('chat-source');
      await expect(sources).toHaveCount(3);
      await expect(sources.first()).toContainText('[1]');
      await expect(sources.first()).toContainText('Festival result 1');
      await expect(sources.first()).toContainText('127.0.0.1');
      await expect(sources.first().locator('a')).toHaveAttribute('href', `${search.url}/pages/1`);
    };
    await check();
    // Kept with the answer.
    await page.reload();
    await check();
  } finally {
    for (const [path, id] of cleanup)
      await api(request, 'POST', path, { token: admin, body: { id } }).catch(() => undefined);
  }
});
