import { describe, expect, it } from 'vitest';
import { auth, chat, type Endpoint } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { randomUUID } from 'node:crypto';
import { bearer, createTestApp, guest } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import {
  fake,
  t,
  alice,
  bob,
  models,
  stream,
  newGroup,
  logsOf,
  useChatApp,
  en,
} from './chat.setup.js';

useChatApp();

describe('groups and logs', () => {
  it('names a chat after its whole first message, cut only where the list shows it', async () => {
    const h = bearer(bob.token);
    const long =
      'Plan a three day trip to Kyoto in autumn,\n  with temples, gardens and a tea ceremony';
    const groupId = await newGroup(h);
    await stream(h, { gptModelId: models.Fake, prompt: long, options: { groupId } });
    await stream(h, { gptModelId: models.Fake, prompt: 'and a second one', options: { groupId } });
    const titleOf = async (id: number) =>
      (await callEndpoint(t.app, chat.listGroups, { headers: h })).body.data.rows.find(
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
    const upd = await callEndpoint(t.app, chat.updateGroup, {
      headers: h,
      body: {
        groupId: b,
        title: 'Pinned',
        isSticky: true,
        config: { model: 3 },
      },
    });
    expect(upd.body.data).toMatchObject({ title: 'Pinned', isSticky: true, config: { model: 3 } });
    const list = await callEndpoint(t.app, chat.listGroups, { headers: h });
    expect(list.body.data.rows[0]!.id).toBe(b);
    expect(list.body.data.rows.find((g) => g.id === a)!.appId).toBe(7);
    await stream(h, {
      gptModelId: models.Fake,
      prompt: 'in app',
      appId: 7,
      options: { groupId: a },
    });
    const byApp = await callEndpoint(t.app, chat.messagesByApp, {
      headers: h,
      query: { appId: 7 },
    });
    expect(byApp.body.data.count).toBe(2);
    const del = await callEndpoint(t.app, chat.deleteAllGroups, { headers: h });
    expect(del.body.data.deleted).toBeGreaterThanOrEqual(1);
    const after = await callEndpoint(t.app, chat.listGroups, { headers: h });
    expect(after.body.data.rows.map((g) => g.id)).toEqual([b]);
    expect(
      (await callEndpoint(t.app, chat.deleteGroup, { headers: h, body: { groupId: b } })).status,
    ).toBe(200);
    expect((await callEndpoint(t.app, chat.listGroups, { headers: h })).body.data.count).toBe(0);
  });

  it("never lets a user read, change or delete another user's groups, logs or own models", async () => {
    const a = bearer(alice.token);
    const b = bearer(bob.token);
    // No app 42 exists: the group cannot record it, and chat-process ignores it.
    expect(
      (await callEndpoint(t.app, chat.createGroup, { headers: a, body: { appId: 42 } })).status,
    ).toBe(404);
    const groupId = await newGroup(a);
    await stream(a, {
      gptModelId: models.Fake,
      prompt: 'private',
      appId: 42,
      options: { groupId },
    });
    const logs = await logsOf(a, groupId);
    const byok = await callEndpoint(t.app, chat.saveOwnEndpoint, {
      headers: a,
      body: { name: 'mine', baseUrl: 'https://93.184.215.14/v1', model: 'm', apiKey: 'sk-alice' },
    });
    expect(byok.status).toBe(200);
    const calls = fake.requests.length;
    const attempts: Array<[Endpoint, { query?: object; body?: object }]> = [
      [chat.updateGroup, { body: { groupId, title: 'mine now' } }],
      [chat.deleteGroup, { body: { groupId } }],
      [chat.listMessages, { query: { groupId } }],
      [chat.deleteMessage, { body: { id: logs[0]!.id } }],
      [chat.clearGroupMessages, { body: { groupId } }],
      // Refused before any stream starts, so the answer is an envelope.
      [chat.streamAnswer, { body: { gptModelId: models.Fake, prompt: 'x', options: { groupId } } }],
      [
        chat.saveOwnEndpoint,
        {
          body: {
            id: byok.body.data.id,
            name: 'x',
            baseUrl: 'https://93.184.215.14/v1',
            model: 'm',
          },
        },
      ],
      [chat.deleteOwnEndpoint, { body: { id: byok.body.data.id } }],
    ];
    for (const [endpoint, { query, body }] of attempts) {
      const r = await callEndpoint(t.app, endpoint, { headers: b, query, body: body as never });
      expect([endpoint.path, r.status]).toEqual([endpoint.path, 404]);
    }
    const own = await newGroup(b);
    const viaOther = await stream(b, {
      gptModelUserId: byok.body.data.id,
      prompt: 'x',
      options: { groupId: own },
    });
    expect(viaOther.status).toBe(404);
    expect(
      (await callEndpoint(t.app, chat.listGroups, { headers: b })).body.data.rows,
    ).not.toContainEqual(expect.objectContaining({ id: groupId }));
    expect(
      (await callEndpoint(t.app, chat.messagesByApp, { headers: b, query: { appId: 42 } })).body
        .data.count,
    ).toBe(0);
    expect((await callEndpoint(t.app, chat.listOwnEndpoints, { headers: b })).body.data.count).toBe(
      0,
    );
    await callEndpoint(t.app, chat.deleteAllGroups, { headers: b });
    expect(fake.requests.length).toBe(calls);
    // Alice's data is untouched.
    expect((await logsOf(a, groupId)).length).toBe(2);
    const mine = await callEndpoint(t.app, chat.listOwnEndpoints, { headers: a });
    expect(mine.body.data.rows).toEqual([
      expect.objectContaining({ id: byok.body.data.id, name: 'mine', apiKey: 'set' }),
    ]);
    expect(JSON.stringify(mine.body)).not.toContain('sk-alice');
  });

  it("moves a guest's chats to the account it registers", async () => {
    const guestId = randomUUID();
    expect(
      (await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guestId } })).status,
    ).toBe(200);
    const g = guest(guestId);
    const groupId = await newGroup(g);
    const r = await stream(g, {
      gptModelId: models['Offline demo'],
      prompt: 'hi as a guest',
      options: { groupId },
    });
    expect(r.status).toBe(200);
    const reg = await callEndpoint(t.app, auth.register, {
      headers: g,
      body: {
        username: `g${Date.now().toString(36)}`,
        password: 'a-long-password-1',
      },
    });
    expect(reg.status).toBe(200);
    const h = bearer(reg.body.data.token);
    const groups = await callEndpoint(t.app, chat.listGroups, { headers: h });
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
      const r = await callEndpoint(t.app, chat.saveOwnEndpoint, {
        token: alice.token,
        body: {
          name: 'local',
          baseUrl,
          model: 'm',
          apiKey: 'k',
        },
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
      const added = await callEndpoint(t2.app, chat.saveOwnEndpoint, {
        headers: h,
        body: { name: 'Local', baseUrl: fake.url, model: 'my-local-model', apiKey: 'sk-user-own' },
      });
      expect(added.status).toBe(200);
      expect(added.body.data.apiKey).toBe('set');
      const group = await callEndpoint(t2.app, chat.createGroup, { headers: h, body: {} });
      const before = (await t2.app.ctx.balances.read(u.userId)).credits;
      // The answer is an NDJSON stream, not an envelope: the raw request reads it as text.
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
      const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as chat.ChatStreamLine;
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
