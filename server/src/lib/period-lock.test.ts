import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, testRedisUrl, type TestApp } from '../test/harness.js';
import { dbPeriodLock, redisPeriodLock, type PeriodLock } from './period-lock.js';
import { runPeriodically } from './periodic.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two instances' locks on one store: each period of a job goes to exactly one of them. */
function oncePerPeriod(make: () => PeriodLock) {
  it('gives each period of a job to one instance only, and the next period again', async () => {
    const [a, b] = [make(), make()];
    try {
      // Long enough that the claims and the check after them fall in one period on a loaded
      // machine (a fresh connection's first claim included).
      const every = 1500;
      // Start right after a period begins so both claims fall in the same one.
      await sleep(every - (Date.now() % every) + 5);
      const first = await Promise.all([a.claim('sweep', every), b.claim('sweep', every)]);
      expect(first.filter(Boolean)).toHaveLength(1);
      expect(await a.claim('sweep', every)).toBe(false);
      // Another job is counted apart.
      expect(await b.claim('reconcile', every)).toBe(true);
      await sleep(every - (Date.now() % every) + 5);
      const next = await Promise.all([b.claim('sweep', every), a.claim('sweep', every)]);
      expect(next.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
}

describe('database period lock', () => {
  oncePerPeriod(() => dbPeriodLock(t.app.ctx.db));
});

describe.runIf(testDialect === 'postgres')('redis period lock', () => {
  const prefix = `t_period_${randomBytes(4).toString('hex')}:`;
  oncePerPeriod(() => redisPeriodLock(testRedisUrl, prefix));
});

describe('runPeriodically with a claim', () => {
  it('runs the rounds of the periods it claims, once per period across two instances', async () => {
    const locks = [dbPeriodLock(t.app.ctx.db), dbPeriodLock(t.app.ctx.db)];
    const rounds: number[] = [];
    const every = 100;
    const jobs = locks.map((lock, i) =>
      runPeriodically(
        t.app.ctx.log,
        'test job',
        every,
        async () => void rounds.push(i),
        () => lock.claim('test job', every),
      ),
    );
    await sleep(every * 6 + 50);
    await Promise.all(jobs.map((j) => j.stop()));
    // Both timers ticked about 6 times; together they ran about 6 rounds, not 12.
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    expect(rounds.length).toBeLessThanOrEqual(8);
  });
});
