import { describe, expect, it } from 'vitest';
import { chat, type Endpoint } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { countTokens } from '../../providers/chat/index.js';
import {
  fake,
  t,
  admin,
  alice,
  models,
  stream,
  newGroup,
  balance,
  logsOf,
  useChatApp,
} from './chat.setup.js';

useChatApp();

describe('models and providers', () => {
  it('seeds the offline demo and the config file, and lists what a user may use', async () => {
    const res = await callEndpoint(t.app, chat.listModels, { token: alice.token });
    const names = res.body.data.rows.map((m) => m.name);
    expect(names).toContain('Offline demo');
    expect(names).toContain('Fake');
    expect(names).not.toContain('Fake VIP');
    const demo = res.body.data.rows.find((m) => m.name === 'Offline demo')!;
    expect(demo).toMatchObject({ demo: true, priceKey: 'demo-chat:chat', unit: '1k_tokens' });
    const fakeModel = res.body.data.rows.find((m) => m.name === 'Fake')!;
    expect(fakeModel).toMatchObject({ inputPer1k: 100, outputPer1k: 200, vision: false });
  });

  it('offers first a model whose provider passed its last check; a never-checked one counts as passed', async () => {
    const provider = await callEndpoint(t.app, chat.adminCreateProvider, {
      token: admin.token,
      // Port 1 on loopback: nothing listens, the check fails at once.
      body: { name: 'unreachable', protocol: 'openai', baseUrl: 'http://127.0.0.1:1/v1' },
    });
    const model = await callEndpoint(t.app, chat.adminCreateModel, {
      token: admin.token,
      body: {
        name: 'Placed first',
        upstreamModel: 'x-1',
        providerId: provider.body.data.id,
        priceKey: 'fake-chat:chat',
        sort: -1000,
      },
    });
    const first = async () =>
      (await callEndpoint(t.app, chat.listModels, { token: alice.token })).body.data.rows[0]!.id;
    expect(provider.body.data.lastCheck).toBeNull();
    expect(await first()).toBe(model.body.data.id);
    const checked = await callEndpoint(t.app, A.testProvider, {
      token: admin.token,
      body: { id: provider.body.data.id },
    });
    expect(checked.body.data.ok).toBe(false);
    const listed = await callEndpoint(t.app, chat.adminListProviders, { token: admin.token });
    const kept = listed.body.data.rows.find((p) => p.id === provider.body.data.id)!;
    expect(kept.lastCheck).toMatchObject({ ok: false });
    expect(Date.parse(kept.lastCheck!.at)).toBeGreaterThan(Date.now() - 60_000);
    // Still offered, but no longer anyone's default.
    const rows = (await callEndpoint(t.app, chat.listModels, { token: alice.token })).body.data
      .rows;
    expect(rows[0]!.id).not.toBe(model.body.data.id);
    expect(rows.at(-1)!.id).toBe(model.body.data.id);
    await callEndpoint(t.app, chat.adminDeleteModel, {
      token: admin.token,
      body: { id: model.body.data.id },
    });
    await callEndpoint(t.app, chat.adminDeleteProvider, {
      token: admin.token,
      body: { id: provider.body.data.id },
    });
  });

  it('keeps provider keys sealed and never returns them', async () => {
    const list = await callEndpoint(t.app, chat.adminListProviders, { token: admin.token });
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
    const created = await callEndpoint(t.app, chat.adminCreateProvider, {
      token: admin.token,
      body: {
        name: 'extra',
        protocol: 'openai',
        baseUrl: 'https://api.example.com/v1',
        apiKey: 'sk-extra-secret',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.apiKey).toBe('set');
    expect(JSON.stringify(created.body)).not.toContain('sk-extra-secret');
    const dup = await callEndpoint(t.app, chat.adminCreateProvider, {
      token: admin.token,
      body: {
        name: 'extra',
        protocol: 'openai',
      },
    });
    expect(dup.status).toBe(409);
    const model = await callEndpoint(t.app, chat.adminCreateModel, {
      token: admin.token,
      body: {
        name: 'Extra model',
        upstreamModel: 'x-1',
        providerId: created.body.data.id,
        priceKey: 'fake-chat:chat',
      },
    });
    expect(model.status).toBe(200);
    // A new model goes last: it does not become everyone's default at once.
    const offered = await callEndpoint(t.app, chat.listModels, { query: {} });
    expect(offered.body.data.rows.at(-1)!.id).toBe(model.body.data.id);
    const changed = await callEndpoint(t.app, chat.adminUpdateModel, {
      token: admin.token,
      body: {
        id: model.body.data.id,
        enabled: false,
        vision: true,
      },
    });
    expect(changed.body.data).toMatchObject({ enabled: false, vision: true, upstreamModel: 'x-1' });
    const cleared = await callEndpoint(t.app, chat.adminUpdateProvider, {
      token: admin.token,
      body: {
        id: created.body.data.id,
        apiKey: '',
      },
    });
    expect(cleared.body.data.apiKey).toBe('not set');
    for (const [endpoint, body] of [
      [chat.adminCreateProvider, { name: 'x', protocol: 'demo' }],
      [chat.adminDeleteModel, { id: model.body.data.id }],
    ] as Array<[Endpoint, unknown]>)
      expect(
        (await callEndpoint(t.app, endpoint, { token: alice.token, body: body as never })).status,
      ).toBe(403);
    expect(
      (await callEndpoint(t.app, chat.adminListProviders, { token: alice.token })).status,
    ).toBe(403);
    // A provider with a model is refused in words; without it, it goes.
    const deleteProvider = () =>
      callEndpoint(t.app, chat.adminDeleteProvider, {
        token: admin.token,
        body: { id: created.body.data.id },
      });
    const refused = await deleteProvider();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('models (1)');
    const deletedModel = await callEndpoint(t.app, chat.adminDeleteModel, {
      token: admin.token,
      body: { id: model.body.data.id },
    });
    expect(deletedModel.status).toBe(200);
    expect((await deleteProvider()).status).toBe(200);
    const models = await callEndpoint(t.app, chat.adminListModels, { token: admin.token });
    expect(models.body.data.rows.map((m) => m.name)).not.toContain('Extra model');
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
    // A plain line for users: no operator hints (config files, docs paths).
    expect(text).not.toMatch(/ATELIER_CONFIG|docs\/|provider/);
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
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as chat.ChatStreamLine;
    expect(last.text).toContain('## 是什么');
    const browserEnglish = (await ask({ 'x-lang': '', 'accept-language': 'en-GB,en;q=0.8' })).last!
      .text;
    expect(browserEnglish).toMatch(/^## Offline demo reply/);
  });
});
