import { describe, expect, it } from 'vitest';
import { apps, chat, type Endpoint } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { nowIso } from '../../db/database.js';
import {
  t,
  alice,
  bob,
  models,
  chatFromApp,
  lastUpstream,
  systemOf,
  persona,
  useAppsApp,
} from './apps.setup.js';

useAppsApp();

describe('personas', () => {
  it('creates, edits and deletes your own, validating every field', async () => {
    const h = bearer(alice.token);
    const made = await persona(h, {
      name: 'Pirate',
      description: 'Talks like a pirate',
      cover: '🏴‍☠️',
      systemPrompt: 'You are a pirate. Answer like one.',
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'Pirate', own: true, collected: true });
    expect(made.body.data.modelId).toBeNull();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: '', systemPrompt: 'x' }, 'name'],
      [{ name: 'x', systemPrompt: 'y'.repeat(4001) }, 'systemPrompt'],
      [{ name: 'x', systemPrompt: 'y', cover: 'not a cover at all' }, 'cover'],
      [{ name: 'x', systemPrompt: 'y', modelId: 999_999 }, 'modelId'],
    ];
    for (const [body, field] of bad) {
      const r = await callEndpoint(t.app, apps.createPersona, { headers: h, body: body as never });
      expect([field, r.status]).toEqual([field, 400]);
      expect(fieldsOf(r)).toContain(field);
    }
    const changed = await callEndpoint(t.app, apps.updatePersona, {
      headers: h,
      body: {
        id: made.body.data.id,
        name: 'Captain',
        modelId: models['Fake fixed'],
      },
    });
    expect(changed.body.data).toMatchObject({
      name: 'Captain',
      description: 'Talks like a pirate',
      modelId: models['Fake fixed'],
      modelName: 'Fake fixed',
    });
    const list = await callEndpoint(t.app, apps.listPersonas, { headers: h });
    expect(list.body.data.rows.map((p) => p.name)).toContain('Captain');
    expect(
      (
        await callEndpoint(t.app, apps.deletePersona, {
          headers: h,
          body: { id: made.body.data.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await callEndpoint(t.app, apps.appDetail, { headers: h, query: { id: made.body.data.id } }))
        .status,
    ).toBe(404);
    const mine = await callEndpoint(t.app, apps.myApps, { headers: h });
    expect(mine.body.data.rows.map((x) => x.id)).not.toContain(made.body.data.id);
  });

  it('stops at the persona limit', async () => {
    const u = await createUser(t.app);
    const now = nowIso();
    const row = (i: number) => ({
      owner_id: u.userId,
      category_id: null,
      name: JSON.stringify({ 'en-US': `p${i}`, 'zh-CN': `p${i}`, 'zh-TW': `p${i}` }),
      description: '""',
      cover: '',
      system_prompt: '"x"',
      model_id: null,
      sort: 0,
      enabled: 1,
      created_at: now,
      updated_at: now,
    });
    await t.app.ctx.db.kysely
      .insertInto('apps')
      .values(Array.from({ length: 100 }, (_, i) => row(i)))
      .execute();
    const r = await persona(bearer(u.token), { name: 'one more', systemPrompt: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('100');
  });

  it("never lets a user read, change or delete another user's personas", async () => {
    const a = bearer(alice.token);
    const b = bearer(bob.token);
    const secret = 'You are Alice’s private persona: the code word is marmalade.';
    const mine = await persona(a, { name: 'Private', systemPrompt: secret });
    const id = mine.body.data.id;
    const attempts: Array<[Endpoint, { query?: object; body?: object }]> = [
      [apps.appDetail, { query: { id } }],
      [apps.collectApp, { body: { appId: id } }],
      [apps.uncollectApp, { body: { appId: id } }],
      [apps.sortApps, { body: { appIds: [id] } }],
      [apps.updatePersona, { body: { id, name: 'Mine now' } }],
      [apps.deletePersona, { body: { id } }],
      // A group cannot record someone else's persona either.
      [chat.createGroup, { body: { appId: id } }],
    ];
    for (const [endpoint, { query, body }] of attempts) {
      const r = await callEndpoint(t.app, endpoint, { headers: b, query, body: body as never });
      expect([endpoint.path, r.status]).toEqual([endpoint.path, 404]);
      expect(r.res.body).not.toContain('marmalade');
    }
    expect((await callEndpoint(t.app, apps.appDetail, { query: { id } })).status).toBe(404);
    for (const endpoint of [apps.listPersonas, apps.myApps, apps.listApps] as Endpoint[]) {
      const query = endpoint === apps.listApps ? { size: 200 } : {};
      const listed = await callEndpoint(t.app, endpoint, { headers: b, query });
      expect(JSON.stringify(listed.body)).not.toContain('marmalade');
    }
    // A chat Bob sends with Alice's persona id gets Bob's own system message, not hers.
    await chatFromApp(b, null, {
      appId: id,
      gptModelId: models.Fake,
      systemMessage: 'Bob’s own settings',
    });
    expect(systemOf(lastUpstream())).toBe('Bob’s own settings');
    // Alice's persona is untouched and still hers.
    const still = await callEndpoint(t.app, apps.appDetail, { headers: a, query: { id } });
    expect(still.body.data).toMatchObject({ name: 'Private', systemPrompt: secret, own: true });
  });
});
