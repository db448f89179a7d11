import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type sd as S } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeA1111, type FakeA1111 } from '../../../test/fakes/a1111.js';
import { startWorkers } from '../../../test/drawing-support.js';
import { until } from '../../../test/task-support.js';
import { ledgerCheck } from '../credits/index.js';
import { addPrice, addProvider, addSdModel, fund, sdCreate, sdStatus } from './sd.setup.js';

/**
 * The model square's queue in front of a one-at-a-time AUTOMATIC1111: ten pictures by three
 * users never run two at once upstream, all finish, and each user reads a correct place in
 * line. On SQLite the queue is the embedded one; with TEST_DB=postgres it is BullMQ on Redis.
 */
let t: TestApp;
let fake: FakeA1111;
let admin: TestUser;
let modelId: number;
let providerId: number;
const PRICE = 3;

beforeAll(async () => {
  [fake, t] = await Promise.all([
    startFakeA1111({ jobMs: 60 }),
    createTestApp({
      config: {
        tasks: {
          workers: 6,
          userLimit: 3,
          retries: 2,
          backoffMs: 20,
          stepTimeoutMs: 8000,
          leaseMs: 4000,
          idlePollMs: 25,
        },
      },
    }),
  ]);
  admin = await createUser(t.app, { role: 'admin' });
  providerId = await addProvider(t.app, admin.token, {
    name: 'a1111-queue',
    protocol: 'a1111',
    baseUrl: fake.url,
    concurrency: 1,
  });
  const priceKey = await addPrice(t.app, admin.token, 'a1111q', 'create', PRICE);
  modelId = await addSdModel(t.app, admin.token, { name: 'Queue test', providerId, priceKey });
  await startWorkers(t.app);
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

describe('the model square on a one-at-a-time A1111', () => {
  it('runs 10 pictures of 3 users one at a time upstream; all finish; places in line are right', async () => {
    const users = await Promise.all([0, 1, 2].map(() => createUser(t.app)));
    for (const u of users) await fund(t.app, u.userId, 10 * PRICE);
    // The first job hangs upstream until every place in line has been read.
    fake.mode = 'hang';
    const tasks: Array<{ user: TestUser; task: S.SdTask }> = [];
    for (let i = 0; i < 10; i++) {
      const user = users[i % 3]!;
      const r = await sdCreate(t.app, user.token, {
        modelId,
        prompt: `lighthouse ${i}`,
        seed: 100 + i,
        width: 512,
        height: 512,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      tasks.push({ user, task: r.body.data });
    }
    // One runs upstream (its progress read from A1111's /progress), nine wait.
    const first = await until(
      async () => {
        const r = await sdStatus(t.app, tasks[0]!.user.token, [tasks[0]!.task.id]);
        const x = r.body.data.rows[0]!;
        return x.status === TaskStatus.running && x.progress > 0 ? x : null;
      },
      10_000,
      'the first picture running with progress',
    );
    expect(first.queuePosition).toBeNull();
    expect(fake.jobs).toHaveLength(1);
    const waiting = tasks.slice(1).map((x) => x.task.id);
    for (const u of users) {
      const mine = tasks.filter((x) => x.user === u && x.task.id !== tasks[0]!.task.id);
      const r = await sdStatus(
        t.app,
        u.token,
        mine.map((x) => x.task.id),
      );
      expect(r.status).toBe(200);
      for (const row of r.body.data.rows) {
        expect(row.status).toBe(TaskStatus.queued);
        // Its place: the waiting pictures of everyone queued before it.
        expect(row.queuePosition, `task ${row.id}`).toBe(waiting.indexOf(row.id));
        expect(row.etaSeconds).toBeGreaterThan(0);
      }
    }
    fake.mode = 'ok';
    const finished = await until(
      async () => {
        const all = await Promise.all(
          users.map(async (u) => {
            const ids = tasks.filter((x) => x.user === u).map((x) => x.task.id);
            return (await sdStatus(t.app, u.token, ids)).body.data.rows;
          }),
        );
        const rows = all.flat();
        return rows.every((r) => r.status === TaskStatus.succeeded) ? rows : null;
      },
      30_000,
      'all ten pictures',
    );
    expect(finished).toHaveLength(10);
    for (const r of finished) expect(r.images).toHaveLength(1);
    // The fake's own clock: never two jobs at once, none arrived while another ran.
    expect(fake.jobs).toHaveLength(10);
    expect(fake.overlaps).toBe(0);
    expect(fake.peak).toBe(1);
    const spans = [...fake.jobs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end!);
    // First come, first served.
    expect(spans.map((s) => s.body.prompt)).toEqual(tasks.map((x) => x.task.prompt));
    for (const u of users)
      expect((await t.app.ctx.balances.read(u.userId)).credits).toBe(
        10 * PRICE - tasks.filter((x) => x.user === u).length * PRICE,
      );
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 60_000);
});
