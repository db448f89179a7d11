import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

// The clock is the test's: only Date is faked (the database and Redis keep their real timers),
// and each test moves it from period to period itself instead of waiting for them.
afterEach(() => vi.useRealTimers());

/** The start of a period well ahead of now, the fake clock set there. */
function startOfAPeriod(every: number): number {
  vi.useFakeTimers({ toFake: ['Date'] });
  const period = Math.floor(Date.now() / every) + 1000;
  vi.setSystemTime(period * every);
  return period;
}

/** Polls `check` every 10 ms until it holds; the bound guards against a hang only. */
async function waitFor(check: () => boolean, what: string, bound = 25_000) {
  const end = performance.now() + bound;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Two instances' locks on one store: each period of a job goes to exactly one of them. */
function oncePerPeriod(make: () => PeriodLock) {
  it('gives each period of a job to one instance only, and the next period again', async () => {
    const [a, b] = [make(), make()];
    try {
      const every = 1500;
      const period = startOfAPeriod(every);
      const first = await Promise.all([a.claim('sweep', every), b.claim('sweep', every)]);
      expect(first.filter(Boolean)).toHaveLength(1);
      // Still the same period at its last millisecond.
      vi.setSystemTime((period + 1) * every - 1);
      expect(await a.claim('sweep', every)).toBe(false);
      // Another job is counted apart.
      expect(await b.claim('reconcile', every)).toBe(true);
      vi.setSystemTime((period + 1) * every);
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
    const tries = [0, 0];
    const every = 100;
    const period = startOfAPeriod(every);
    const jobs = locks.map((lock, i) =>
      runPeriodically(
        t.app.ctx.log,
        'test job',
        every,
        async () => void rounds.push(i),
        async () => {
          const mine = await lock.claim('test job', every);
          tries[i]! += 1;
          return mine;
        },
      ),
    );
    // Six periods; in each, both instances try twice (the second try surely began in it).
    for (let p = 0; p < 6; p++) {
      vi.setSystemTime((period + p) * every);
      const before = [...tries];
      await waitFor(() => tries.every((n, i) => n >= before[i]! + 2), `both to try in period ${p}`);
    }
    await Promise.all(jobs.map((j) => j.stop()));
    // Every tick of both timers claimed; exactly one round ran per period, not one per tick.
    expect(rounds).toHaveLength(6);
  });
});
