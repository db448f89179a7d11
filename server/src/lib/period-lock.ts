import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.js';

/**
 * "This round is mine": with several instances, each periodic job (hold sweep, payment
 * reconciler, task recovery, account sweep) runs once per period across all of them, not once
 * per instance. A period is `floor(now / everyMs)`; the first instance to claim it runs the
 * round, the others skip it (docs/scaling.md).
 */
export interface PeriodLock {
  claim(job: string, everyMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const owner = () => `${process.pid}-${randomBytes(4).toString('hex')}`;

/** A key per job and period, set only if absent, expiring with the period. */
export function redisPeriodLock(url: string, prefix: string): PeriodLock {
  const RedisClient = (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;
  // A claim that gets no answer fails (the round is skipped, tried again at the next tick).
  const redis = new RedisClient(url, { maxRetriesPerRequest: 2, commandTimeout: 2000 });
  redis.on('error', () => undefined);
  const me = owner();
  return {
    async claim(job, everyMs) {
      const period = Math.floor(Date.now() / everyMs);
      const key = `${prefix}periodic:${job}:${period}`;
      return (await redis.set(key, me, 'PX', everyMs, 'NX')) === 'OK';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A row per job holding the last claimed period: moved forward by one instance only. */
export function dbPeriodLock(db: Db): PeriodLock {
  const me = owner();
  return {
    async claim(job, everyMs) {
      const period = Math.floor(Date.now() / everyMs);
      const row = await db.kysely
        .insertInto('periodic_runs')
        .values({ job, period, owner: me })
        .onConflict((oc) =>
          oc
            .column('job')
            .doUpdateSet({ period, owner: me })
            .where('periodic_runs.period', '<', period),
        )
        .returning('job')
        .executeTakeFirst();
      return row !== undefined;
    },
    async close() {},
  };
}

export const createPeriodLock = (
  config: { redisUrl?: string | undefined; redisPrefix: string },
  db: Db,
) => (config.redisUrl ? redisPeriodLock(config.redisUrl, config.redisPrefix) : dbPeriodLock(db));
