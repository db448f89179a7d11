import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { chat as C } from '@atelier/contracts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { bearer, call, createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { countTokens } from '../../providers/chat/index.js';
import { grant } from '../credits/index.js';
import { readDeclared } from './seed.js';

let fake: FakeOpenAI;
let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let configDir: string;
const models: Record<string, number> = {};
const en = { 'x-lang': 'en-US' };

const get = <T>(url: string, headers: Record<string, string>) =>
  call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { ...en, ...headers } });
const post = <T>(url: string, headers: Record<string, string>, payload: unknown = {}) =>
  call<T>(t.app, {
    method: 'POST',
    url: `/api${url}`,
    headers: { ...en, ...headers },
    payload: payload as InjectOptions['payload'],
  });

/** Posts to a stream endpoint and parses its lines (or the envelope of an early error). */
async function stream(
  headers: Record<string, string>,
  payload: unknown,
  url = '/chatgpt/chat-process',
) {
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
        .map((l) => JSON.parse(l) as C.ChatStreamLine)
    : [];
  return { status: res.statusCode, lines, last: lines.at(-1), res };
}

const newGroup = async (headers: Record<string, string>, appId?: number) =>
  (await post<C.ChatGroup>('/group/create', headers, appId ? { appId } : {})).body.data.id;
const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;
const logsOf = async (headers: Record<string, string>, groupId: number) =>
  (await get<{ rows: C.ChatLog[] }>(`/chatlog/chatList?groupId=${groupId}`, headers)).body.data
    .rows;
const fund = (userId: number, amount: number) =>
  grant(t.app.ctx.db.kysely, {
    userId,
    amount,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${userId}`,
  });
const chargesOf = async (userId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_ledger')
    .select(['kind', 'amount'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'charge')
    .execute();

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
  const price = await post('/admin/credits/prices/create', bearer(admin.token), {
    model: 'fake-chat',
    action: 'chat',
    category: 'chat',
    label: 'Fake chat',
    unit: '1k_tokens',
    inputPer1k: 100,
    outputPer1k: 200,
  });
  expect(price.status).toBe(200);
  for (const u of [alice, bob]) await fund(u.userId, 10_000);
  const list = await get<{ rows: C.AdminModel[] }>('/admin/chat/models', bearer(admin.token));
  for (const m of list.body.data.rows) models[m.name] = m.id;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

describe('models and providers', () => {
  it('seeds the offline demo and the config file, and lists what a user may use', async () => {
    const res = await get<{ rows: C.UserModel[] }>('/autoreply/queryGptModel', bearer(alice.token));
    const names = res.body.data.rows.map((m) => m.name);
    expect(names).toContain('Offline demo');
    expect(names).toContain('Fake');
    expect(names).not.toContain('Fake VIP');
    const demo = res.body.data.rows.find((m) => m.name === 'Offline demo')!;
    expect(demo).toMatchObject({ demo: true, priceKey: 'demo-chat:chat', unit: '1k_tokens' });
    const fakeModel = res.body.data.rows.find((m) => m.name === 'Fake')!;
    expect(fakeModel).toMatchObject({ inputPer1k: 100, outputPer1k: 200, vision: false });
  });

  it('keeps provider keys sealed and never returns them', async () => {
    const list = await get<{ rows: C.Provider[] }>('/admin/chat/providers', bearer(admin.token));
    expect(JSON.stringify(list.body)).not.toContain('sk-fake-provider-key');
    expect(list.body.data.rows.find((p) => p.name === 'fake')!.apiKey).toBe('set');
    const row = await t.app.ctx.db.kysely
      .selectFrom('chat_providers')
      .select('api_key_sealed')
      .where('name', '=', 'fake')
      .executeTakeFirstOrThrow();
    expect(row.api_key_sealed).not.toContain('sk-fake');
    expect(fake.requests.length).toBe(0);
  });

  it('lets admins create, change and delete providers and models; others get 403', async () => {
    const created = await post<C.Provider>('/admin/chat/providers/create', bearer(admin.token), {
      name: 'extra',
      protocol: 'openai',
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-extra-secret',
    });
    expect(created.status).toBe(200);
    expect(created.body.data.apiKey).toBe('set');
    expect(JSON.stringify(created.body)).not.toContain('sk-extra-secret');
    const dup = await post('/admin/chat/providers/create', bearer(admin.token), {
      name: 'extra',
      protocol: 'openai',
    });
    expect(dup.status).toBe(409);
    const model = await post<C.AdminModel>('/admin/chat/models/create', bearer(admin.token), {
      name: 'Extra model',
      upstreamModel: 'x-1',
      providerId: created.body.data.id,
      priceKey: 'fake-chat:chat',
    });
    expect(model.status).toBe(200);
    const changed = await post<C.AdminModel>('/admin/chat/models/update', bearer(admin.token), {
      id: model.body.data.id,
      enabled: false,
      vision: true,
    });
    expect(changed.body.data).toMatchObject({ enabled: false, vision: true, upstreamModel: 'x-1' });
    const cleared = await post<C.Provider>('/admin/chat/providers/update', bearer(admin.token), {
      id: created.body.data.id,
      apiKey: '',
    });
    expect(cleared.body.data.apiKey).toBe('not set');
    for (const [url, body] of [
      ['/admin/chat/providers/create', { name: 'x', protocol: 'demo' }],
      ['/admin/chat/models/delete', { id: model.body.data.id }],
    ] as const)
      expect((await post(url, bearer(alice.token), body)).status).toBe(403);
    expect((await get('/admin/chat/providers', bearer(alice.token))).status).toBe(403);
    expect(
      (
        await post('/admin/chat/providers/delete', bearer(admin.token), {
          id: created.body.data.id,
        })
      ).status,
    ).toBe(200);
    const models = await get<{ rows: C.AdminModel[] }>('/admin/chat/models', bearer(admin.token));
    expect(models.body.data.rows.map((m) => m.name)).not.toContain('Extra model');
  });
});

describe('config file entries', () => {
  it('names the entry and field of a mistake', () => {
    expect(() =>
      readDeclared({
        providers: [{ name: 'x', protocol: 'grpc' }],
        models: [
          {
            name: 'm',
            provider: 'x',
            upstreamModel: 'u',
            priceKey: 'p:chat',
            contextWindow: 'big',
          },
        ],
      }),
    ).toThrow(/providers\[0\]\.protocol[\s\S]*models\[0\]\.contextWindow/);
    expect(readDeclared({})).toEqual({ providers: [], models: [] });
  });
});

describe('chat-process through an OpenAI-compatible upstream', () => {
  it('relays the text exactly, saves both messages and charges by the upstream usage', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const r = await stream(bearer(alice.token), {
      gptModelId: models.Fake,
      prompt: 'Say hello please',
      options: { groupId, usingContext: true },
      systemMessage: 'You are terse.',
    });
    expect(r.status).toBe(200);
    expect(r.lines.length).toBeGreaterThan(3);
    const deltas = r.lines.filter((l) => !l.done).map((l) => l.delta);
    expect(deltas.join('')).toBe(fake.reply);
    expect(r.lines.at(-2)!.text).toBe(fake.reply);
    // 123 prompt tokens × 100 + 45 completion tokens × 200, per 1,000 = 21.3 → 22 credits.
    expect(r.last).toMatchObject({
      done: true,
      text: fake.reply,
      cost: 22,
      usage: { promptTokens: 123, completionTokens: 45, source: 'upstream' },
      credits: before - 22,
    });
    expect(await balance(alice.userId)).toBe(before - 22);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-fake-provider-key');
    expect(sent.body).toMatchObject({
      model: 'gpt-fake',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Say hello please' },
      ],
    });
    const logs = await logsOf(bearer(alice.token), groupId);
    expect(logs.map((l) => [l.role, l.content, l.status])).toEqual([
      ['user', 'Say hello please', 'done'],
      ['assistant', fake.reply, 'done'],
    ]);
    expect(logs[1]!.credits).toBe(22);
    expect(r.last!.id).toBe(logs[1]!.id);
    const groups = await get<{ rows: C.ChatGroup[] }>('/group/query', bearer(alice.token));
    expect(groups.body.data.rows.find((g) => g.id === groupId)!.title).toBe('Say hello please');
  });

  it('sends earlier messages with context on, trimmed to the window, and none with it off', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const ask = (prompt: string, usingContext: boolean, model = models.Fake) =>
      stream(bearer(alice.token), {
        gptModelId: model,
        prompt,
        options: { groupId, usingContext },
      });
    await ask('first question', true);
    await ask('second question', true);
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: fake.reply },
      { role: 'user', content: 'second question' },
    ]);
    await ask('third, alone', false);
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'third, alone' },
    ]);
    // A 400-token window with 100 for the answer: only the newest history fits.
    const long = 'word '.repeat(400);
    await ask(long, false);
    await ask('short one', true, models['Fake small']);
    const sent = fake.requests.at(-1)!.body;
    expect(sent.max_tokens).toBe(100);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'short one' });
    expect(sent.messages.map((m) => m.content)).not.toContain(long.trim());
    expect(sent.messages.map((m) => m.content)).not.toContain(long);
    expect(sent.messages.length).toBeGreaterThan(1);
  });

  it('charges nothing on an upstream 500, an old-style error body or a mid-stream error', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const charges = (await chargesOf(alice.userId)).length;
    for (const [model, expected] of [
      ['Fake 500', /500/],
      ['Fake old error', /400: model not loaded/],
      ['Fake midstream', /crashed mid-answer/],
    ] as const) {
      const r = await stream(bearer(alice.token), {
        gptModelId: models[model],
        prompt: 'fail please',
        options: { groupId },
      });
      expect(r.status).toBe(200);
      expect(r.last!.done).toBe(true);
      expect(r.last!.error).toMatch(/nothing was charged/);
      expect(r.last!.error).toMatch(expected);
      expect(r.last!.cost).toBe(0);
      expect(r.last!.credits).toBe(before);
    }
    expect(await balance(alice.userId)).toBe(before);
    expect((await chargesOf(alice.userId)).length).toBe(charges);
    const logs = await logsOf(bearer(alice.token), groupId);
    expect(logs.filter((l) => l.role === 'assistant').map((l) => l.status)).toEqual([
      'error',
      'error',
      'error',
    ]);
    // What the mid-stream failure produced is kept in the log.
    expect(logs.at(-1)!.content).toBe([...fake.reply].slice(0, 14).join(''));
  });

  it('ends a silent upstream with a timeout and charges nothing', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const started = Date.now();
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Fake hang'],
      prompt: 'hang',
      options: { groupId },
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.last!.error).toMatch(/did not answer within 1 s/);
    expect(await balance(alice.userId)).toBe(before);
  });

  it('aborts the upstream when the client leaves and charges only what was produced', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const aborted = fake.aborted;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const firstLine = await new Promise<C.ChatStreamLine>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chatgpt/chat-process',
          headers: { 'content-type': 'application/json', ...bearer(alice.token) },
        },
        (res) => {
          let buf = '';
          res.on('data', (c: Buffer) => {
            buf += c.toString('utf8');
            const nl = buf.indexOf('\n');
            if (nl >= 0) {
              req.destroy();
              resolve(JSON.parse(buf.slice(0, nl)) as C.ChatStreamLine);
            }
          });
        },
      );
      req.on('error', () => undefined);
      req.end(
        JSON.stringify({
          gptModelId: models['Fake slow'],
          prompt: 'stream slowly',
          options: { groupId },
        }),
      );
      setTimeout(() => reject(new Error('no line')), 5000);
    });
    expect(firstLine.done).toBe(false);
    await fake.waitForAborts(aborted + 1);
    const pieces = fake.piecesBeforeAbort.at(-1)!;
    expect(pieces).toBeLessThan(Math.ceil([...fake.reply].length / fake.pieceSize));
    let assistant: C.ChatLog | undefined;
    for (let i = 0; i < 100; i++) {
      assistant = (await logsOf(bearer(alice.token), groupId)).find((l) => l.role === 'assistant');
      if (assistant?.credits) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(assistant!.status).toBe('partial');
    expect(fake.reply.startsWith(assistant!.content)).toBe(true);
    expect(assistant!.content.length).toBeLessThan(fake.reply.length);
    expect(assistant!.content.length).toBeGreaterThan(0);
    // Charged on the estimate of what was produced, not on the 500-token maximum held.
    const expected = Math.ceil(
      (assistant!.promptTokens * 100 + assistant!.completionTokens * 200) / 1000,
    );
    expect(assistant!.credits).toBe(expected);
    expect(assistant!.completionTokens).toBeLessThan(30);
    expect(await balance(alice.userId)).toBe(before - expected);
    const hold = await t.app.ctx.db.kysely
      .selectFrom('credit_holds')
      .select(['status', 'amount', 'actual_amount'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('settled');
    expect(hold.actual_amount).toBe(expected);
    expect(hold.amount).toBeGreaterThan(expected);
  });

  it('limits each user to two answers at a time', async () => {
    const groupId = await newGroup(bearer(bob.token));
    const seen = fake.requests.length;
    const body = { gptModelId: models['Fake slow'], prompt: 'slow', options: { groupId } };
    const first = stream(bearer(bob.token), body);
    const second = stream(bearer(bob.token), body);
    while (fake.requests.length < seen + 2) await new Promise((r) => setTimeout(r, 10));
    const third = await stream(bearer(bob.token), body);
    expect(third.status).toBe(429);
    expect(third.res.json()).toMatchObject({ code: 429, success: false });
    expect((await first).last!.done).toBe(true);
    expect((await second).last!.done).toBe(true);
    expect((await stream(bearer(bob.token), { ...body, gptModelId: models.Fake })).status).toBe(
      200,
    );
  });

  it('cuts the call and charges nothing when the balance was spent while it waited', async () => {
    // The balance is read before anything is sent and held once the request has left; a chat
    // waiting for the provider's only slot meets a balance spent in the meantime.
    const carol = await createUser(t.app);
    await fund(carol.userId, 1000);
    const groupId = await newGroup(bearer(carol.token));
    const seen = fake.requests.length;
    const first = stream(bearer(carol.token), {
      gptModelId: models['One slot'],
      prompt: 'slow',
      options: { groupId },
    });
    while (fake.requests.length < seen + 1) await new Promise((r) => setTimeout(r, 5));
    const second = stream(bearer(carol.token), {
      gptModelId: models['One slot fast'],
      prompt: 'waits for the slot',
      options: { groupId },
    });
    await new Promise((r) => setTimeout(r, 50));
    // The first answer's hold is written while its request leaves: read the balance after it.
    const holds = () =>
      t.app.ctx.db.kysely
        .selectFrom('credit_holds')
        .select('id')
        .where('user_id', '=', carol.userId)
        .execute();
    while ((await holds()).length < 1) await new Promise((r) => setTimeout(r, 5));
    const left = await balance(carol.userId);
    const spent = await post('/admin/credits/adjust', bearer(admin.token), {
      userId: carol.userId,
      amount: -left,
      reason: 'spent elsewhere',
    });
    expect(spent.status).toBe(200);
    expect((await first).last).toMatchObject({ done: true, text: fake.reply });
    const refused = await second;
    expect(refused.status).toBe(200);
    expect(refused.last).toMatchObject({ done: true, cost: 0 });
    expect(refused.last!.error).toMatch(/Not enough credits/);
    expect(refused.lines.filter((l) => !l.done)).toEqual([]);
    // Only the first answer was charged and saved.
    expect((await chargesOf(carol.userId)).length).toBe(1);
    const logs = await logsOf(bearer(carol.token), groupId);
    expect(logs.map((l) => l.content)).toEqual(['slow', fake.reply]);
    expect(await balance(carol.userId)).toBe((await first).last!.credits);
  });

  it('sends an image to vision models as an image part and refuses it for others', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const image_url = 'https://example.com/cat.png';
    const refused = await stream(bearer(alice.token), {
      gptModelId: models.Fake,
      prompt: 'what is this?',
      image_url,
      options: { groupId },
    });
    expect(refused.status).toBe(400);
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Fake vision'],
      prompt: 'what is this?',
      image_url,
      options: { groupId },
    });
    expect(r.status).toBe(200);
    expect(fake.requests.at(-1)!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image_url', image_url: { url: image_url } },
      ],
    });
    expect((await logsOf(bearer(alice.token), groupId))[0]!.imageUrl).toBe(image_url);
  });

  it('answers the envelope before the stream starts: 400, 401, 403, 404, 430', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const calls = fake.requests.length;
    const poor = await createUser(t.app);
    const poorGroup = await newGroup(bearer(poor.token));
    const cases: Array<[Record<string, string>, unknown, number]> = [
      [{}, { gptModelId: models.Fake, prompt: 'x', options: { groupId } }, 401],
      [bearer(alice.token), { gptModelId: models.Fake, prompt: '', options: { groupId } }, 400],
      [bearer(alice.token), { gptModelId: models.Fake, prompt: 'x', options: {} }, 400],
      [bearer(alice.token), { gptModelId: 99999, prompt: 'x', options: { groupId } }, 404],
      [
        bearer(alice.token),
        { gptModelId: models['Fake VIP'], prompt: 'x', options: { groupId } },
        403,
      ],
      [
        bearer(poor.token),
        { gptModelId: models.Fake, prompt: 'x', options: { groupId: poorGroup } },
        430,
      ],
    ];
    for (const [headers, body, status] of cases) {
      const r = await stream(headers, body);
      expect([r.status, r.res.json<{ code: number }>().code]).toEqual([status, status]);
    }
    expect(fake.requests.length).toBe(calls);
    expect(await logsOf(bearer(poor.token), poorGroup)).toEqual([]);
  });
});

describe('chat-process and chat-mind take chat models only', () => {
  it('refuses the offline Midjourney image model with 400 naming gptModelId, and charges nothing', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const image = await t.app.ctx.db.kysely
      .selectFrom('chat_models')
      .select(['id', 'name'])
      .where('name', '=', 'Offline demo · Midjourney')
      .executeTakeFirstOrThrow();
    const before = await balance(alice.userId);
    for (const path of ['chat-process', 'chat-mind']) {
      const r = await stream(
        { ...bearer(alice.token), 'x-lang': 'en-US' },
        { gptModelId: image.id, prompt: 'hello', options: { groupId } },
        `/chatgpt/${path}`,
      );
      const body = r.res.json<{ code: number; message: string; data: { errors: unknown[] } }>();
      expect([r.status, body.code]).toEqual([400, 400]);
      expect(body.message).toBe(`${image.name} is not a chat model; choose a chat model`);
      expect(body.data.errors).toEqual([{ field: 'gptModelId', message: expect.any(String) }]);
    }
    expect(await balance(alice.userId)).toBe(before);
    expect(await logsOf(bearer(alice.token), groupId)).toEqual([]);
  });
});

describe('the offline demo provider', () => {
  it('streams a useful markdown reply and charges through the same path', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Offline demo'],
      prompt: 'How do rainbows form?',
      options: { groupId },
    });
    expect(r.status).toBe(200);
    expect(r.lines.length).toBeGreaterThan(20);
    const text = r.last!.text;
    expect(text).toMatch(/offline demo/i);
    expect(text).toContain('How do rainbows form?');
    expect(text).toMatch(/^## /m);
    expect(text).toMatch(/^- /m);
    expect(text).toContain('| --- | --- |');
    expect(text).toContain('```ts');
    expect(text).toContain('$$');
    // Counted honestly: the estimator over exactly what was streamed.
    expect(r.last!.usage).toMatchObject({
      completionTokens: countTokens(text),
      source: 'upstream',
    });
    expect(r.last!.usage!.completionTokens).toBeGreaterThan(100);
    expect(r.last!.cost).toBeGreaterThan(0);
    expect(await balance(alice.userId)).toBe(before - r.last!.cost!);
    const logs = await logsOf(bearer(alice.token), groupId);
    expect(logs[1]).toMatchObject({ content: text, credits: r.last!.cost, status: 'done' });
  });

  it('streams an outline for chat-mind', async () => {
    const r = await stream(
      bearer(alice.token),
      { gptModelId: models['Offline demo'], prompt: 'Solar energy', options: {} },
      '/chatgpt/chat-mind',
    );
    expect(r.status).toBe(200);
    expect(r.last!.text).toMatch(/^# Solar energy\n/);
    expect(r.last!.text).toContain('## ');
    expect(r.last!.cost).toBeGreaterThan(0);
  });

  it("answers chat and mind maps in the user's language, simplified Chinese by default", async () => {
    const groupId = await newGroup(bearer(alice.token));
    const ask = (lang: Record<string, string>, url?: string) =>
      stream(
        { ...bearer(alice.token), ...lang },
        { gptModelId: models['Offline demo'], prompt: '彩虹是怎么形成的', options: { groupId } },
        url,
      );
    const zh = (await ask({ 'x-lang': 'zh-CN' })).last!.text;
    expect(zh).toMatch(/^## 离线演示回复/);
    expect(zh).toContain('你的问题：**彩虹是怎么形成的**');
    expect(zh).not.toMatch(/offline demo|You asked/i);
    const tw = (await ask({ 'x-lang': 'zh-TW' }, '/chatgpt/chat-mind')).last!.text;
    expect(tw).toMatch(/^# 彩虹是怎么形成的\n/);
    expect(tw).toContain('## 是什麼');
    expect(tw).toContain('## 下一步');
    expect(tw).not.toMatch(/What it is|Next steps/);
    // The web always sends X-Lang; a caller without it or Accept-Language gets zh-CN.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatgpt/chat-mind',
      headers: bearer(alice.token),
      payload: { gptModelId: models['Offline demo'], prompt: 'Solar energy', options: {} },
    });
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as C.ChatStreamLine;
    expect(last.text).toContain('## 是什么');
    const browserEnglish = (await ask({ 'x-lang': '', 'accept-language': 'en-GB,en;q=0.8' })).last!
      .text;
    expect(browserEnglish).toMatch(/^## Offline demo reply/);
  });
});

describe('groups and logs', () => {
  it('names a chat after its whole first message, cut only where the list shows it', async () => {
    const h = bearer(bob.token);
    const long =
      'Plan a three day trip to Kyoto in autumn,\n  with temples, gardens and a tea ceremony';
    const groupId = await newGroup(h);
    await stream(h, { gptModelId: models.Fake, prompt: long, options: { groupId } });
    await stream(h, { gptModelId: models.Fake, prompt: 'and a second one', options: { groupId } });
    const titleOf = async (id: number) =>
      (await get<{ rows: C.ChatGroup[] }>('/group/query', h)).body.data.rows.find(
        (g) => g.id === id,
      )!.title;
    expect(await titleOf(groupId)).toBe(
      'Plan a three day trip to Kyoto in autumn, with temples, gardens and a tea ceremony',
    );
    // A very long first message is kept up to the length a rename allows, with no "…" added.
    const huge = `${'汉字'.repeat(90)} ${'word '.repeat(40)}`;
    const other = await newGroup(h);
    await stream(h, { gptModelId: models.Fake, prompt: huge, options: { groupId: other } });
    const title = await titleOf(other);
    expect([...title]).toHaveLength(200);
    expect(huge.startsWith(title)).toBe(true);
    expect(title).not.toContain('…');
  });

  it('create, update, query, delete, delete all', async () => {
    const h = bearer(bob.token);
    const a = await newGroup(h, 7);
    const b = await newGroup(h);
    const upd = await post<C.ChatGroup>('/group/update', h, {
      groupId: b,
      title: 'Pinned',
      isSticky: true,
      config: { model: 3 },
    });
    expect(upd.body.data).toMatchObject({ title: 'Pinned', isSticky: true, config: { model: 3 } });
    const list = await get<{ rows: C.ChatGroup[] }>('/group/query', h);
    expect(list.body.data.rows[0]!.id).toBe(b);
    expect(list.body.data.rows.find((g) => g.id === a)!.appId).toBe(7);
    await stream(h, {
      gptModelId: models.Fake,
      prompt: 'in app',
      appId: 7,
      options: { groupId: a },
    });
    const byApp = await get<{ rows: C.ChatLog[]; count: number }>('/chatlog/byAppId?appId=7', h);
    expect(byApp.body.data.count).toBe(2);
    const del = await post<{ deleted: number }>('/group/delAll', h);
    expect(del.body.data.deleted).toBeGreaterThanOrEqual(1);
    const after = await get<{ rows: C.ChatGroup[] }>('/group/query', h);
    expect(after.body.data.rows.map((g) => g.id)).toEqual([b]);
    expect((await post('/group/del', h, { groupId: b })).status).toBe(200);
    expect((await get<{ count: number }>('/group/query', h)).body.data.count).toBe(0);
  });

  it("never lets a user read, change or delete another user's groups, logs or own models", async () => {
    const a = bearer(alice.token);
    const b = bearer(bob.token);
    // No app 42 exists: the group cannot record it, and chat-process ignores it.
    expect((await post('/group/create', a, { appId: 42 })).status).toBe(404);
    const groupId = await newGroup(a);
    await stream(a, {
      gptModelId: models.Fake,
      prompt: 'private',
      appId: 42,
      options: { groupId },
    });
    const logs = await logsOf(a, groupId);
    const byok = await call<C.ByokModel>(t.app, {
      method: 'POST',
      url: '/api/autoreply/addGptModelUser',
      headers: a,
      payload: {
        name: 'mine',
        baseUrl: 'https://93.184.215.14/v1',
        model: 'm',
        apiKey: 'sk-alice',
      },
    });
    expect(byok.status).toBe(200);
    const calls = fake.requests.length;
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/group/update', { groupId, title: 'mine now' }],
      ['POST', '/group/del', { groupId }],
      ['GET', `/chatlog/chatList?groupId=${groupId}`, undefined],
      ['POST', '/chatlog/del', { id: logs[0]!.id }],
      ['POST', '/chatlog/delByGroupId', { groupId }],
      [
        'POST',
        '/chatgpt/chat-process',
        { gptModelId: models.Fake, prompt: 'x', options: { groupId } },
      ],
      [
        'POST',
        '/autoreply/addGptModelUser',
        { id: byok.body.data.id, name: 'x', baseUrl: 'https://93.184.215.14/v1', model: 'm' },
      ],
      ['POST', '/autoreply/delGptModelUser', { id: byok.body.data.id }],
    ];
    for (const [method, url, payload] of attempts) {
      const r = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `/api${url}`,
        headers: { ...en, ...b },
        ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
      });
      expect([url, r.statusCode]).toEqual([url, 404]);
    }
    const own = await newGroup(b);
    const viaOther = await stream(b, {
      gptModelUserId: byok.body.data.id,
      prompt: 'x',
      options: { groupId: own },
    });
    expect(viaOther.status).toBe(404);
    expect(
      (await get<{ rows: C.ChatGroup[] }>('/group/query', b)).body.data.rows,
    ).not.toContainEqual(expect.objectContaining({ id: groupId }));
    expect((await get<{ count: number }>('/chatlog/byAppId?appId=42', b)).body.data.count).toBe(0);
    expect((await get<{ count: number }>('/autoreply/queryGptModelUser', b)).body.data.count).toBe(
      0,
    );
    await post('/group/delAll', b);
    expect(fake.requests.length).toBe(calls);
    // Alice's data is untouched.
    expect((await logsOf(a, groupId)).length).toBe(2);
    const mine = await get<{ rows: C.ByokModel[] }>('/autoreply/queryGptModelUser', a);
    expect(mine.body.data.rows).toEqual([
      expect.objectContaining({ id: byok.body.data.id, name: 'mine', apiKey: 'set' }),
    ]);
    expect(JSON.stringify(mine.body)).not.toContain('sk-alice');
  });

  it("moves a guest's chats to the account it registers", async () => {
    const guestId = randomUUID();
    expect((await post('/user/createGuest', {}, { guest_id: guestId })).status).toBe(200);
    const g = guest(guestId);
    const groupId = await newGroup(g);
    const r = await stream(g, {
      gptModelId: models['Offline demo'],
      prompt: 'hi as a guest',
      options: { groupId },
    });
    expect(r.status).toBe(200);
    const reg = await post<{ token: string }>('/auth/register', g, {
      username: `g${Date.now().toString(36)}`,
      password: 'a-long-password-1',
    });
    expect(reg.status).toBe(200);
    const h = bearer(reg.body.data.token);
    const groups = await get<{ rows: C.ChatGroup[] }>('/group/query', h);
    expect(groups.body.data.rows.map((x) => x.id)).toEqual([groupId]);
    expect((await logsOf(h, groupId)).map((l) => l.role)).toEqual(['user', 'assistant']);
  });
});

describe('bring your own key', () => {
  it('refuses loopback, private and link-local base URLs by default', async () => {
    for (const baseUrl of [
      `${fake.url}`,
      'http://10.1.2.3/v1',
      'http://localhost:11434/v1',
      'http://169.254.169.254/latest',
      'http://192.168.1.10/v1',
      'http://[::1]:8000/v1',
      'http://[::ffff:127.0.0.1]/v1',
    ]) {
      const r = await post('/autoreply/addGptModelUser', bearer(alice.token), {
        name: 'local',
        baseUrl,
        model: 'm',
        apiKey: 'k',
      });
      expect([baseUrl, r.status]).toEqual([baseUrl, 400]);
      // Says why, and what would work instead.
      expect(r.body.message).toMatch(/private network.*public address/);
    }
  });

  it('chats through the user endpoint without credits when the operator allows private hosts', async () => {
    const t2 = await createTestApp({ config: { chat: { byokAllowPrivate: true } } });
    try {
      const u = await createUser(t2.app);
      const h = { ...en, ...bearer(u.token) };
      const added = await call<C.ByokModel>(t2.app, {
        method: 'POST',
        url: '/api/autoreply/addGptModelUser',
        headers: h,
        payload: {
          name: 'Local',
          baseUrl: fake.url,
          model: 'my-local-model',
          apiKey: 'sk-user-own',
        },
      });
      expect(added.status).toBe(200);
      expect(added.body.data.apiKey).toBe('set');
      const group = await call<C.ChatGroup>(t2.app, {
        method: 'POST',
        url: '/api/group/create',
        headers: h,
        payload: {},
      });
      const before = (await t2.app.ctx.balances.read(u.userId)).credits;
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/chatgpt/chat-process',
        headers: h,
        payload: {
          gptModelUserId: added.body.data.id,
          prompt: 'via my key',
          options: { groupId: group.body.data.id },
        },
      });
      const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as C.ChatStreamLine;
      expect(last).toMatchObject({ done: true, text: fake.reply, cost: 0, credits: before });
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-user-own');
      expect(fake.requests.at(-1)!.body.model).toBe('my-local-model');
      const holds = await t2.app.ctx.db.kysely
        .selectFrom('credit_holds')
        .select('id')
        .where('user_id', '=', u.userId)
        .execute();
      expect(holds).toEqual([]);
    } finally {
      await t2.close();
    }
  });
});
