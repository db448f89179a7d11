import { afterAll, beforeAll, expect } from 'vitest';
import { chat, credits } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { grant } from '../credits/index.js';
export let fake: FakeOpenAI;
export let t: TestApp;
export let admin: TestUser;
export let alice: TestUser;
export let bob: TestUser;
export let configDir: string;
export const models: Record<string, number> = {};
export const en = { 'x-lang': 'en-US' };

/** Posts to a stream endpoint and parses its lines (or the envelope of an early error). */
export async function stream(
  headers: Record<string, string>,
  payload: unknown,
  url = '/chatgpt/chat-process',
) {
  // The answer is an NDJSON stream (or an early envelope): the raw request reads both.
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...en, ...headers },
    payload: payload as InjectOptions['payload'],
  });
  const isStream = String(res.headers['content-type']).startsWith('application/x-ndjson');
  const lines = isStream
    ? res.body
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as chat.ChatStreamLine)
    : [];
  return { status: res.statusCode, lines, last: lines.at(-1), res };
}

export const newGroup = async (headers: Record<string, string>, appId?: number) =>
  (await callEndpoint(t.app, chat.createGroup, { headers: headers, body: appId ? { appId } : {} }))
    .body.data.id;
export const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;
export const logsOf = async (headers: Record<string, string>, groupId: number) =>
  (await callEndpoint(t.app, chat.listMessages, { headers: headers, query: { groupId } })).body.data
    .rows;
export const fund = (userId: number, amount: number) =>
  grant(t.app.ctx.db.kysely, {
    userId,
    amount,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${userId}`,
  });
export const chargesOf = async (userId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_ledger')
    .select(['kind', 'amount'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .execute();

/** Starts the app and its fakes before this file's tests and stops them after. */
export function useChatApp(): void {
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-chat-'));
    const file = path.join(configDir, 'atelier.yaml');
    const model = (name: string, upstreamModel: string, extra = '', window = 4096, max = 500) =>
      `  - name: ${name}\n    provider: fake\n    upstreamModel: ${upstreamModel}\n    priceKey: fake-chat:chat\n    contextWindow: ${window}\n    maxOutput: ${max}\n${extra}`;
    fs.writeFileSync(
      file,
      [
        'providers:',
        '  - name: fake',
        '    protocol: openai',
        `    baseUrl: ${fake.url}`,
        '    apiKey: sk-fake-provider-key',
        '    timeoutMs: 1000',
        '  - name: fake-one',
        '    protocol: openai',
        `    baseUrl: ${fake.url}`,
        '    apiKey: sk-fake-provider-key',
        '    concurrency: 1',
        '    timeoutMs: 5000',
        'models:',
        model('Fake', 'gpt-fake'),
        model('Fake 500', 'fake-500'),
        model('Fake old error', 'fake-old-error'),
        model('Fake midstream', 'fake-midstream'),
        model('Fake slow', 'fake-slow'),
        model('Fake hang', 'fake-hang'),
        model('Fake vision', 'gpt-vision', '    vision: true\n'),
        model('Fake small', 'gpt-small', '', 400, 100),
        model('Fake VIP', 'gpt-vip', '    vipOnly: true\n'),
        // Reasoning models (chat-reasoning.test.ts; the fake's openai-reasoning.ts).
        model('O3 mini', 'o3-mini'),
        model('GPT-5', 'gpt-5'),
        model('Reasoner', 'deepseek-reasoner'),
        model('Relay reasoning', 'vendor/relay-reasoning-1'),
        model('House model', 'house-model'),
        model('O3 legacy', 'o3-legacy'),
        model('Refuses both', 'refuses-both'),
        model('Fake length', 'fake-length'),
        model('Fake filter', 'fake-filter'),
        // Files and pictures (chat-files.test.ts; the fake's openai-chat-images.ts).
        model('Fake files', 'gpt-fake', '', 1200, 200),
        model('Fake image', 'fake-image'),
        model('Fake image inline', 'fake-image-inline'),
        model('Fake image link', 'fake-image-link'),
        // One answer at a time: a second chat waits for the provider's slot.
        '  - name: One slot',
        '    provider: fake-one',
        '    upstreamModel: fake-slow',
        '    priceKey: fake-chat:chat',
        '    contextWindow: 4096',
        '    maxOutput: 500',
        '  - name: One slot fast',
        '    provider: fake-one',
        '    upstreamModel: gpt-fake',
        '    priceKey: fake-chat:chat',
        '    contextWindow: 4096',
        '    maxOutput: 500',
      ].join('\n'),
    );
    t = await createTestApp({ env: { ATELIER_CONFIG: file } });
    admin = await createUser(t.app, { role: 'admin' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    const price = await callEndpoint(t.app, credits.adminCreatePrice, {
      token: admin.token,
      body: {
        model: 'fake-chat',
        action: 'chat',
        category: 'chat',
        label: 'Fake chat',
        unit: '1k_tokens',
        inputPer1k: 100,
        outputPer1k: 200,
      },
    });
    expect(price.status).toBe(200);
    for (const u of [alice, bob]) await fund(u.userId, 10_000);
    const list = await callEndpoint(t.app, chat.adminListModels, { token: admin.token });
    for (const m of list.body.data.rows) models[m.name] = m.id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    fs.rmSync(configDir, { recursive: true, force: true });
  });
}
