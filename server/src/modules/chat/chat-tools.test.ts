import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, credits } from '@atelier/contracts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { startFakeMcp, type FakeMcp } from '../../../test/fakes/mcp.js';
import { PAGE_FACTS, startFakeSearch, type FakeSearch } from '../../../test/fakes/web-search.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { grant } from '../credits/index.js';

/*
 * Web search with sources and tool calls over MCP (docs/chat.md): the operator's search
 * providers (SearXNG and Tavily fakes, with their refusals), pages read through a reader, the
 * answer's numbered sources, and a charge that includes the search; MCP servers registered
 * through the official SDK (a loopback server built with its server side), the OpenAI tool-call
 * round trip, its bounds (count, time), the address guard, and the tokens of every round billed.
 */
let t: TestApp;
let fake: FakeOpenAI;
let search: FakeSearch;
let mcp: FakeMcp;
let admin: TestUser;
let configDir: string;
const models: Record<string, number> = {};
const en = { 'x-lang': 'en-US' };

beforeAll(async () => {
  [fake, search, mcp] = await Promise.all([startFakeOpenAI(), startFakeSearch(), startFakeMcp()]);
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-tools-'));
  const file = path.join(configDir, 'atelier.yaml');
  const model = (name: string, upstream: string) =>
    `  - name: ${name}\n    provider: fake\n    upstreamModel: ${upstream}\n    priceKey: tools-chat:chat\n    contextWindow: 16000\n    maxOutput: 500\n`;
  fs.writeFileSync(
    file,
    [
      'providers:',
      '  - name: fake',
      '    protocol: openai',
      `    baseUrl: ${fake.url}`,
      '    apiKey: sk-fake',
      '    timeoutMs: 5000',
      'models:',
      model('Cite', 'fake-cite'),
      model('Tools', 'fake-tools'),
      model('Plain', 'gpt-fake'),
    ].join('\n'),
  );
  t = await createTestApp({
    env: {
      ATELIER_CONFIG: file,
      // The fakes' pages are on loopback; one test turns this off to see the guard refuse them.
      CHAT_WEB_PAGES_ALLOW_PRIVATE: 'true',
      CHAT_TOOL_MAX_CALLS: '2',
    },
  });
  admin = await createUser(t.app, { role: 'admin' });
  for (const price of [
    { model: 'tools-chat', action: 'chat', unit: '1k_tokens', inputPer1k: 100, outputPer1k: 200 },
    { model: 'web-search', action: 'search', unit: 'call', credits: 7 },
  ] as const) {
    const r = await callEndpoint(t.app, credits.adminCreatePrice, {
      token: admin.token,
      body: { ...price, category: 'chat', label: price.model },
    });
    expect(r.status).toBe(200);
  }
  const list = await callEndpoint(t.app, chat.adminListModels, { token: admin.token });
  for (const m of list.body.data.rows) models[m.name] = m.id;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([fake?.close(), search?.close(), mcp?.close()]);
  fs.rmSync(configDir, { recursive: true, force: true });
});

async function funded() {
  const user = await createUser(t.app);
  await grant(t.app.ctx.db.kysely, {
    userId: user.userId,
    amount: 10_000,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `tools:${user.userId}`,
  });
  const headers = bearer(user.token);
  const group = await callEndpoint(t.app, chat.createGroup, { headers, body: {} });
  return { user, headers, groupId: group.body.data.id };
}

async function ask(model: string, prompt: string, options: Record<string, unknown> = {}) {
  const u = await funded();
  const sent = fake.requests.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chatgpt/chat-process',
    headers: { ...en, ...u.headers },
    payload: {
      gptModelId: models[model],
      prompt,
      options: { groupId: u.groupId, ...options },
    } as InjectOptions['payload'],
  });
  const lines = String(res.headers['content-type']).startsWith('application/x-ndjson')
    ? res.body
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as chat.ChatStreamLine)
    : [];
  const balance = (await t.app.ctx.balances.read(u.user.userId)).credits;
  return { ...u, res, lines, last: lines.at(-1), requests: fake.requests.slice(sent), balance };
}

const charges = (userId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_ledger')
    .select(['amount'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .execute();

/** Replaces every search provider with this one. */
async function onlySearchProvider(
  body: Parameters<typeof callEndpoint<typeof chat.adminCreateSearchProvider>>[2]['body'],
) {
  const list = await callEndpoint(t.app, chat.adminListSearchProviders, { token: admin.token });
  for (const p of list.body.data.rows)
    await callEndpoint(t.app, chat.adminDeleteSearchProvider, {
      token: admin.token,
      body: { id: p.id },
    });
  const r = await callEndpoint(t.app, chat.adminCreateSearchProvider, { token: admin.token, body });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** The field a 400 names (`data.errors[0].field`). */
const fieldOf = (body: unknown) =>
  (body as { data: { errors?: Array<{ field: string }> } | null }).data?.errors?.[0]?.field;

const systemNote = (request: FakeOpenAI['requests'][number]) =>
  request.body.messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .find((c) => c.startsWith('Web search results')) ?? '';

describe('web search with sources', () => {
  it('refuses web search when no provider is set up (400 naming the option)', async () => {
    const r = await ask('Cite', 'When is the festival?', { webSearch: true });
    expect(r.res.statusCode).toBe(400);
    expect(fieldOf(r.res.json())).toBe('options.webSearch');
    const info = await callEndpoint(t.app, chat.chatToolsInfo, { token: admin.token });
    expect(info.body.data).toEqual({ webSearch: false });
  });

  it('searches SearXNG, reads the top pages and cites them as numbered sources, charged with the answer', async () => {
    const provider = await onlySearchProvider({
      name: 'searx',
      kind: 'searxng',
      baseUrl: search.url,
      priceKey: 'web-search:search',
      pagesRead: 2,
    });
    expect(provider).toMatchObject({ kind: 'searxng', apiKey: 'not set', pagesRead: 2 });
    const info = await callEndpoint(t.app, chat.chatToolsInfo, { token: admin.token });
    expect(info.body.data).toEqual({ webSearch: true });

    const read = search.pagesRead.length;
    const r = await ask('Cite', 'When is the festival?', { webSearch: true });
    expect(r.last).toMatchObject({ done: true });
    expect(r.last!.error).toBeUndefined();
    // The user's text is the query; the two top pages were read, the third was not.
    expect(search.queries.at(-1)).toMatchObject({
      service: 'searxng',
      query: 'When is the festival?',
    });
    expect(search.pagesRead.slice(read).sort()).toEqual(['/pages/1', '/pages/2']);
    // The sources come before the answer's text and again on the last line.
    const first = r.lines.findIndex((l) => l.sources);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(r.lines.findIndex((l) => l.delta !== '')).toBeGreaterThan(first);
    const host = new URL(search.url).hostname;
    expect(r.last!.sources).toEqual([
      { n: 1, title: 'Festival page 1', url: `${search.url}/pages/1`, domain: host },
      { n: 2, title: 'Festival page 2', url: `${search.url}/pages/2`, domain: host },
      { n: 3, title: 'Festival result 3', url: `${search.url}/pages/3`, domain: host },
    ]);
    expect(r.last!.text).toContain('[1]');
    // The model read the pages' text (not their scripts, menus or asides) and the snippet of the
    // page not read.
    const note = systemNote(r.requests[0]!);
    expect(note).toContain(`[1] Festival result 1\n${search.url}/pages/1\nFestival notes 1`);
    expect(note).toContain(PAGE_FACTS[0]);
    expect(note).toContain(`Snippet 3: ${PAGE_FACTS[2]}`);
    for (const junk of ['never read this', 'newsletter', 'Site banner', 'all rights reserved'])
      expect(note).not.toContain(junk);
    // The question stays last.
    expect(r.requests[0]!.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'When is the festival?',
    });
    // Charged once: the tokens and the search's 7 credits.
    const tokens = Math.ceil((123 * 100 + 45 * 200) / 1000);
    expect(r.last!.cost).toBe(tokens + 7);
    expect(await charges(r.user.userId)).toEqual([{ amount: -(tokens + 7) }]);
    expect(r.balance).toBe(10_000 - tokens - 7);
    // Kept with the answer.
    const logs = await callEndpoint(t.app, chat.listMessages, {
      headers: r.headers,
      query: { groupId: r.groupId },
    });
    expect(logs.body.data.rows.at(-1)!.sources).toEqual(r.last!.sources);
  });

  it('reads no page on a private address unless allowed: the snippets are used instead', async () => {
    await onlySearchProvider({ name: 'searx', kind: 'searxng', baseUrl: search.url });
    const config = t.app.ctx.config.chat as { webPagesAllowPrivate: boolean };
    config.webPagesAllowPrivate = false;
    try {
      const read = search.pagesRead.length;
      const r = await ask('Cite', 'Festival?', { webSearch: true });
      expect(r.last!.error).toBeUndefined();
      expect(search.pagesRead.length).toBe(read);
      expect(r.last!.sources!.map((s) => s.title)).toEqual([
        'Festival result 1',
        'Festival result 2',
        'Festival result 3',
      ]);
      expect(systemNote(r.requests[0]!)).toContain(`Snippet 1: ${PAGE_FACTS[0]}`);
    } finally {
      config.webPagesAllowPrivate = true;
    }
  });

  it('searches Tavily with its key', async () => {
    await onlySearchProvider({
      name: 'tavily',
      kind: 'tavily',
      baseUrl: search.url,
      apiKey: search.tavilyKey,
      maxResults: 2,
    });
    const r = await ask('Cite', 'Tavily festival?', { webSearch: true });
    expect(r.last!.error).toBeUndefined();
    expect(search.queries.at(-1)).toMatchObject({ service: 'tavily', query: 'Tavily festival?' });
    expect(r.last!.sources).toHaveLength(2);
  });

  it("fails the answer in the service's words and charges nothing when the search is refused", async () => {
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () =>
          onlySearchProvider({
            name: 'tavily',
            kind: 'tavily',
            baseUrl: search.url,
            apiKey: 'tvly-wrong',
            priceKey: 'web-search:search',
          }),
        /Tavily answered 401: Unauthorized: missing or invalid API key/,
      ],
      [
        async () => {
          search.planExceeded = true;
          return onlySearchProvider({
            name: 'tavily',
            kind: 'tavily',
            baseUrl: search.url,
            apiKey: search.tavilyKey,
            priceKey: 'web-search:search',
          });
        },
        /Tavily answered 432: This request exceeds your plan's set usage limit/,
      ],
      [
        async () => {
          search.planExceeded = false;
          search.jsonEnabled = false;
          return onlySearchProvider({
            name: 'searx',
            kind: 'searxng',
            baseUrl: search.url,
            priceKey: 'web-search:search',
          });
        },
        /SearXNG answered 403: the JSON format is not enabled/,
      ],
    ];
    try {
      for (const [setUp, said] of cases) {
        await setUp();
        const r = await ask('Cite', 'Refused?', { webSearch: true });
        expect(r.last).toMatchObject({ done: true, cost: 0 });
        expect(r.last!.error).toMatch(/nothing was charged/);
        expect(r.last!.error).toMatch(said);
        expect(r.requests).toHaveLength(0);
        expect(r.balance).toBe(10_000);
        expect(await charges(r.user.userId)).toEqual([]);
      }
    } finally {
      search.jsonEnabled = true;
      search.planExceeded = false;
    }
  });

  it('refuses a SearXNG provider without an address (400 naming baseUrl)', async () => {
    const r = await callEndpoint(t.app, chat.adminCreateSearchProvider, {
      token: admin.token,
      body: { name: 'no-address', kind: 'searxng' },
    });
    expect(r.status).toBe(400);
    expect(fieldOf(r.body)).toBe('baseUrl');
  });
});

describe('tools over MCP', () => {
  let serverId = 0;

  it('refuses an MCP server on a private address unless the operator allows it', async () => {
    const refused = await callEndpoint(t.app, chat.adminCreateMcpServer, {
      token: admin.token,
      body: { name: 'fake', url: mcp.url },
    });
    expect(refused.status).toBe(400);
    expect(fieldOf(refused.body)).toBe('url');
    expect(refused.body.message).toMatch(/private or local address/);

    mcp.token = 'mcp-secret';
    const created = await callEndpoint(t.app, chat.adminCreateMcpServer, {
      token: admin.token,
      body: {
        name: 'fake',
        url: mcp.url,
        allowPrivate: true,
        token: 'mcp-secret',
        timeoutMs: 1000,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ token: 'set', allowPrivate: true });
    expect(created.body.data.tools.map((x) => x.name).sort()).toEqual([
      'broken',
      'slow',
      'weather',
    ]);
    serverId = created.body.data.id;

    const unknown = await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: { modelId: models.Tools!, tools: [{ serverId, tool: 'nope' }] },
    });
    expect(unknown.status).toBe(400);
    expect(fieldOf(unknown.body)).toBe('tools');
    const set = await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: { modelId: models.Tools!, tools: [{ serverId, tool: 'weather' }] },
    });
    expect(set.status).toBe(200);
  });

  it('runs a tool call round trip and shows it in the answer, every round billed as tokens', async () => {
    fake.toolPlan = [[{ arguments: '{"city":"Paris"}' }]];
    const calls = mcp.calls.length;
    const r = await ask('Tools', 'Weather in Paris?');
    expect(r.last!.error).toBeUndefined();
    expect(r.requests).toHaveLength(2);
    // The first request offers the tool as an OpenAI function with the server's schema.
    const offered = r.requests[0]!.body.tools as Array<{
      function: { name: string; parameters: { properties: object } };
    }>;
    expect(offered.map((x) => x.function.name)).toEqual(['fake__weather']);
    expect(offered[0]!.function.parameters.properties).toHaveProperty('city');
    // The follow-up sends the call and its result back.
    const follow = r.requests[1]!.body.messages.slice(-2);
    expect(follow[0]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { type: 'function', function: { name: 'fake__weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(follow[1]).toMatchObject({ role: 'tool', content: 'Sunny in Paris, 21 °C' });
    expect(mcp.calls.slice(calls)).toEqual([{ name: 'weather', arguments: { city: 'Paris' } }]);
    // The user sees the call on a line of its own and on the last line, kept with the answer.
    expect(r.lines.some((l) => !l.done && l.toolCalls?.length === 1)).toBe(true);
    expect(r.last!.toolCalls).toEqual([
      expect.objectContaining({
        name: 'fake__weather',
        arguments: '{"city":"Paris"}',
        result: 'Sunny in Paris, 21 °C',
        ok: true,
      }),
    ]);
    expect(r.last!.text).toBe('The tools said: Sunny in Paris, 21 °C');
    // Both rounds' usage (50 + 123 in, 10 + 45 out), charged once.
    expect(r.last!.usage).toMatchObject({
      promptTokens: 173,
      completionTokens: 55,
      source: 'upstream',
    });
    const cost = Math.ceil((173 * 100 + 55 * 200) / 1000);
    expect(r.last!.cost).toBe(cost);
    expect(await charges(r.user.userId)).toEqual([{ amount: -cost }]);
    const logs = await callEndpoint(t.app, chat.listMessages, {
      headers: r.headers,
      query: { groupId: r.groupId },
    });
    expect(logs.body.data.rows.at(-1)!.toolCalls).toEqual(r.last!.toolCalls);
  });

  it('bounds the calls: at most the configured count, then no more tools are offered', async () => {
    fake.toolPlan = [
      [{ arguments: '{"city":"A"}' }, { arguments: '{"city":"B"}' }, { arguments: '{"city":"C"}' }],
    ];
    const calls = mcp.calls.length;
    const r = await ask('Tools', 'Three cities');
    expect(mcp.calls.length - calls).toBe(2);
    expect(r.last!.toolCalls!.map((c) => c.ok)).toEqual([true, true, false]);
    expect(r.last!.toolCalls![2]!.result).toMatch(/at most 2 tool calls/);
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]!.body).not.toHaveProperty('tools');
  });

  it('bounds the time of a call and shows a failing tool as failed', async () => {
    await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: {
        modelId: models.Tools!,
        tools: [
          { serverId, tool: 'slow' },
          { serverId, tool: 'broken' },
        ],
      },
    });
    fake.toolPlan = [
      [
        { name: 'fake__slow', arguments: '{}' },
        { name: 'fake__broken', arguments: '{}' },
      ],
    ];
    const started = Date.now();
    const r = await ask('Tools', 'Slow and broken');
    expect(Date.now() - started).toBeLessThan(mcp.slowMs);
    const [slow, broken] = r.last!.toolCalls!;
    expect(slow).toMatchObject({ name: 'fake__slow', ok: false });
    expect(slow!.result).toMatch(/timed out/i);
    expect(broken).toMatchObject({ name: 'fake__broken', ok: false, result: 'the tool broke' });
    expect(r.last!.error).toBeUndefined();
  });

  it('guards the address at call time when the server is no longer allowed a private one', async () => {
    await callEndpoint(t.app, chat.adminSetModelTools, {
      token: admin.token,
      body: { modelId: models.Tools!, tools: [{ serverId, tool: 'weather' }] },
    });
    await t.app.ctx.db.kysely
      .updateTable('chat_mcp_servers')
      .set({ allow_private: 0 })
      .where('id', '=', serverId)
      .execute();
    fake.toolPlan = [[{ arguments: '{"city":"Oslo"}' }]];
    const calls = mcp.calls.length;
    const r = await ask('Tools', 'Weather in Oslo?');
    expect(mcp.calls.length).toBe(calls);
    expect(r.last!.toolCalls![0]).toMatchObject({ ok: false });
    expect(r.last!.toolCalls![0]!.result).toMatch(/private or local address/);
    // A model without tools is offered none.
    const plain = await ask('Plain', 'Hello');
    expect(plain.requests[0]!.body).not.toHaveProperty('tools');
  });
});
