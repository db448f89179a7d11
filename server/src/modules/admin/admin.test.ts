import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, chat, TaskStatus } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { startJobUpstream, type JobUpstream } from '../../../test/fakes/jobs.js';
import {
  FAKE_KIND,
  FAKE_PRICE,
  ensureFakePrice,
  fakeJobRunner,
  fund,
  until,
} from '../../../test/task-support.js';
import { createTask, engineOf, registerTaskKind } from '../tasks/index.js';

let t: TestApp;
let root: TestUser;
let fake: FakeOpenAI;
let jobs: JobUpstream;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      rateLimit: { auth: 10_000, global: 100_000 },
      tasks: { workers: 2, retries: 1, backoffMs: 20, idlePollMs: 25, leaseMs: 2000 },
    },
  });
  root = await createUser(t.app, { role: 'admin' });
  fake = await startFakeOpenAI();
  jobs = await startJobUpstream({ durationMs: 30 });
  registerTaskKind(t.app.ctx, fakeJobRunner(15));
  await ensureFakePrice(t.app);
  await engineOf(t.app.ctx).start();
});
afterAll(async () => {
  await fake.close();
  await jobs.close();
  await t.close();
});

const as = (token: string) => ({ token });

describe('the audit log', () => {
  it('records each admin change with before and after, and never a secret', async () => {
    const created = await callEndpoint(t.app, chat.adminCreateProvider, {
      ...as(root.token),
      body: { name: 'Audited', protocol: 'openai', baseUrl: fake.url, apiKey: 'sk-very-secret-1' },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    await callEndpoint(t.app, chat.adminUpdateProvider, {
      ...as(root.token),
      body: { id, name: 'Audited 2', apiKey: 'sk-very-secret-2' },
    });
    const log = await callEndpoint(t.app, A.listAudit, {
      ...as(root.token),
      query: { action: '/admin/chat/providers/update' },
    });
    expect(log.status).toBe(200);
    const row = log.body.data.rows[0]!;
    expect(row).toMatchObject({
      adminId: root.userId,
      adminName: root.username,
      target: `id:${id}`,
    });
    expect(row.before).toMatchObject({ name: 'Audited', api_key_sealed: 'set' });
    expect(row.after).toMatchObject({ name: 'Audited 2', api_key_sealed: 'set' });
    expect(row.request).toMatchObject({ id, name: 'Audited 2', apiKey: 'set' });
    expect(row.ip).toBeTruthy();
    const all = await t.app.ctx.db.kysely.selectFrom('admin_audit').selectAll().execute();
    const text = JSON.stringify(all);
    expect(text).not.toContain('sk-very-secret');
    const sealed = await t.app.ctx.db.kysely
      .selectFrom('chat_providers')
      .select('api_key_sealed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(sealed.api_key_sealed!);
    // Reads are not changes: listing providers writes nothing.
    const before = all.length;
    await callEndpoint(t.app, chat.adminListProviders, as(root.token));
    const after = await t.app.ctx.db.kysely.selectFrom('admin_audit').selectAll().execute();
    expect(after).toHaveLength(before);
  });
});

describe('the connection test', () => {
  it('says "models listed" when the key is right and names the 401 when it is wrong', async () => {
    fake.apiKey = 'sk-right';
    const p = await callEndpoint(t.app, chat.adminCreateProvider, {
      ...as(root.token),
      body: { name: 'Checked', protocol: 'openai', baseUrl: fake.url, apiKey: 'sk-right' },
    });
    const ok = await callEndpoint(t.app, A.testProvider, {
      ...as(root.token),
      body: { id: p.body.data.id },
    });
    expect(ok.body.data).toMatchObject({ ok: true, message: '1 models listed' });
    await callEndpoint(t.app, chat.adminUpdateProvider, {
      ...as(root.token),
      body: { id: p.body.data.id, apiKey: 'sk-wrong' },
    });
    const bad = await callEndpoint(t.app, A.testProvider, {
      ...as(root.token),
      body: { id: p.body.data.id },
    });
    expect(bad.body.data.ok).toBe(false);
    expect(bad.body.data.message).toMatch(/^401 Unauthorized/);
    await callEndpoint(t.app, chat.adminUpdateProvider, {
      ...as(root.token),
      body: { id: p.body.data.id, baseUrl: 'http://no-such-host.invalid/v1' },
    });
    const dns = await callEndpoint(t.app, A.testProvider, {
      ...as(root.token),
      body: { id: p.body.data.id },
    });
    expect(dns.body.data.message).toMatch(/^DNS/);
    fake.apiKey = null;
  });
});

describe('users', () => {
  it('a ban ends every session at once: the next call is a 401; unban lets them sign in', async () => {
    const u = await createUser(t.app);
    expect((await callEndpoint(t.app, auth.currentUser, as(u.token))).status).toBe(200);
    const banned = await callEndpoint(t.app, A.banUser, {
      ...as(root.token),
      body: { id: u.userId, banned: true },
    });
    expect(banned.body.data).toMatchObject({ banned: true, devices: [] });
    expect((await callEndpoint(t.app, auth.currentUser, as(u.token))).status).toBe(401);
    const self = await callEndpoint(t.app, A.banUser, {
      ...as(root.token),
      body: { id: root.userId, banned: true },
    });
    expect(self.status).toBe(409);
    const unbanned = await callEndpoint(t.app, A.banUser, {
      ...as(root.token),
      body: { id: u.userId, banned: false },
    });
    expect(unbanned.body.data.banned).toBe(false);
  });
});

describe('per-model allow lists', () => {
  it('hide a model from users outside the list and refuse it with 403; listed users may use it', async () => {
    const u = await createUser(t.app);
    const demo = (await callEndpoint(t.app, chat.listModels, as(u.token))).body.data.rows.find(
      (m) => m.kind === 'chat',
    )!;
    const set = (body: A.ModelAccess) =>
      callEndpoint(t.app, A.setModelAccess, { ...as(root.token), body });
    expect((await set({ modelId: demo.id, userIds: [], groups: ['vip'] })).status).toBe(200);
    const names = async () =>
      (await callEndpoint(t.app, chat.listModels, as(u.token))).body.data.rows.map((m) => m.id);
    expect(await names()).not.toContain(demo.id);
    const group = await callEndpoint(t.app, chat.createGroup, { ...as(u.token), body: {} });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/chatgpt/chat-process',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { gptModelId: demo.id, prompt: 'hello', options: { groupId: group.body.data.id } },
    });
    expect(refused.statusCode).toBe(403);
    await set({ modelId: demo.id, userIds: [u.userId], groups: ['vip'] });
    expect(await names()).toContain(demo.id);
    await set({ modelId: demo.id, userIds: [], groups: [] });
  });
});

describe('tasks', () => {
  it('shows the timeline of a failed task, re-runs it, and refunds it only once', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.userId, 50);
    jobs.failSubmits = 100;
    const task = await createTask(t.app.ctx, {
      userId: u.userId,
      kind: FAKE_KIND,
      action: 'imagine',
      prompt: 'a fox',
      params: { upstream: jobs.url },
      priceKey: FAKE_PRICE,
      providerId: null,
    });
    const detail = () =>
      callEndpoint(t.app, A.getTask, { ...as(root.token), query: { id: task.id } });
    await until(async () => (await detail()).body.data.task.status === TaskStatus.failed, 8000);
    const failed = (await detail()).body.data;
    expect(failed.events.map((e) => e.type)).toEqual([
      'submitted',
      'retried',
      'failed',
      'released',
    ]);
    expect((await t.app.ctx.balances.read(u.userId)).credits).toBe(50);
    const nothing = await callEndpoint(t.app, A.refundTask, {
      ...as(root.token),
      body: { id: task.id },
    });
    expect(nothing.status).toBe(409);

    jobs.failSubmits = 0;
    const rerun = await callEndpoint(t.app, A.rerunTask, {
      ...as(root.token),
      body: { id: task.id },
    });
    expect(rerun.status).toBe(200);
    await until(async () => (await detail()).body.data.task.status === TaskStatus.succeeded, 8000);
    const types = (await detail()).body.data.events.map((e) => e.type);
    expect(types.slice(4)).toEqual(
      expect.arrayContaining(['rerun', 'upstream', 'succeeded', 'settled']),
    );
    expect((await t.app.ctx.balances.read(u.userId)).credits).toBe(45);

    const refund = () =>
      callEndpoint(t.app, A.refundTask, { ...as(root.token), body: { id: task.id } });
    const first = await refund();
    expect(first.body.data.refunded).toBe(true);
    expect((await refund()).status).toBe(409);
    expect((await t.app.ctx.balances.read(u.userId)).credits).toBe(50);

    const listed = await callEndpoint(t.app, A.listTasks, {
      ...as(root.token),
      query: { userId: u.userId, kind: FAKE_KIND },
    });
    expect(listed.body.data.rows.map((r) => r.id)).toEqual([task.id]);
    const queues = await callEndpoint(t.app, A.queues, as(root.token));
    expect(queues.status).toBe(200);
    const dash = await callEndpoint(t.app, A.dashboard, { ...as(root.token), query: { days: 7 } });
    expect(dash.body.data.days).toHaveLength(7);
    expect(dash.body.data.days.at(-1)!.creditsSpent).toBeGreaterThanOrEqual(5);
    expect(dash.body.data.spentByKind).toContainEqual({ kind: 'image', credits: 5 });
  });
});
