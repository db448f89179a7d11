import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { createTask } from '../tasks/index.js';

let t: TestApp;
let root: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const newProvider = async (name: string) =>
  (
    await callEndpoint(t.app, chat.adminCreateProvider, {
      token: root.token,
      body: { name, protocol: 'openai', baseUrl: 'http://127.0.0.1:9' },
    })
  ).body.data.id;

const deleteProvider = (id: number, lang = 'en-US') =>
  callEndpoint(t.app, chat.adminDeleteProvider, {
    token: root.token,
    headers: { 'x-lang': lang },
    body: { id },
  });

describe('deleting a provider still in use', () => {
  it('is refused with what uses it (models, queued and running tasks, toolbox operations), in words', async () => {
    const id = await newProvider('In use');
    const model = await callEndpoint(t.app, chat.adminCreateModel, {
      token: root.token,
      body: { name: 'Uses it', upstreamModel: 'u-1', providerId: id, priceKey: 'demo-chat:chat' },
    });
    expect(model.status).toBe(200);
    const task = await createTask(t.app.ctx, {
      userId: root.userId,
      kind: 'provider-use-probe',
      action: 'probe',
      prompt: '',
      params: {},
      providerId: id,
      priceKey: null,
    });
    await t.app.ctx.db.kysely
      .insertInto('sd_tool_ops')
      .values({
        op: 'probe-op',
        provider_id: id,
        price_key: '',
        options: '{}',
        enabled: 1,
        updated_at: new Date().toISOString(),
      })
      .execute();

    const refused = await deleteProvider(id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This provider is still used by models (1), queued or running tasks (1), toolbox operations (1) — disable it, or move or delete them first',
    );
    const zh = await deleteProvider(id, 'zh-CN');
    expect(zh.body.message).toContain('模型（1 个）、排队或运行中的任务（1 个）');
    const still = await callEndpoint(t.app, chat.adminListProviders, { token: root.token });
    expect(still.body.data.rows.map((p) => p.id)).toContain(id);

    // Each use gone, the reason shrinks; with none left the provider goes.
    await t.app.ctx.db.kysely.deleteFrom('sd_tool_ops').where('op', '=', 'probe-op').execute();
    await t.app.ctx.db.kysely
      .updateTable('tasks')
      .set({ status: 4 })
      .where('id', '=', task.id)
      .execute();
    const onlyModel = await deleteProvider(id);
    expect(onlyModel.status).toBe(409);
    expect(onlyModel.body.message).toContain('models (1) —');
    await callEndpoint(t.app, chat.adminDeleteModel, {
      token: root.token,
      body: { id: model.body.data.id },
    });
    expect((await deleteProvider(id)).status).toBe(200);
    expect((await deleteProvider(id)).status).toBe(404);
  });

  it('a provider no one uses is deleted at once', async () => {
    const id = await newProvider('Unused');
    expect((await deleteProvider(id)).status).toBe(200);
  });
});
