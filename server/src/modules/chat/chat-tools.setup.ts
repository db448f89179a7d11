import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { chat, credits } from '@atelier/contracts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { startFakeMcp, type FakeMcp } from '../../../test/fakes/mcp.js';
import { startFakeSearch, type FakeSearch } from '../../../test/fakes/web-search.js';
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
export let t: TestApp;
export let fake: FakeOpenAI;
export let search: FakeSearch;
export let mcp: FakeMcp;
export let admin: TestUser;
let configDir: string;
export const models: Record<string, number> = {};
const en = { 'x-lang': 'en-US' };

/** Starts the app and its fakes before this file's tests and stops them after. */
export function useToolsApp(): void {
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
}

export async function funded() {
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

export async function ask(model: string, prompt: string, options: Record<string, unknown> = {}) {
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

export const charges = (userId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_ledger')
    .select(['amount'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .execute();

/** Replaces every search provider with this one. */
export async function onlySearchProvider(body: {
  name: string;
  kind: 'searxng' | 'tavily' | 'brave' | 'serper' | 'bing' | 'google';
  baseUrl?: string;
  apiKey?: string;
  priceKey?: string;
  maxResults?: number;
  pagesRead?: number;
}) {
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
export const fieldOf = (body: unknown) =>
  (body as { data: { errors?: Array<{ field: string }> } | null }).data?.errors?.[0]?.field;

export const systemNote = (request: FakeOpenAI['requests'][number]) =>
  request.body.messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .find((c) => c.startsWith('Web search results')) ?? '';
