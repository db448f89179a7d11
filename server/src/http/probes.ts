import type { FastifyInstance } from 'fastify';
import type { Redis as RedisClient } from 'ioredis';
import type { AppContext } from '../context.js';

/** How long /readyz waits for each dependency before calling it unreachable. */
const DATABASE_PING_TIMEOUT_MS = 2000;
const REDIS_PING_TIMEOUT_MS = 1000;

/** `work`, or a failure after `ms`. */
const within = (ms: number, work: Promise<unknown>) =>
  Promise.race([
    work,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

/**
 * /healthz is liveness: the process answers, whatever its dependencies do (an orchestrator
 * that restarts on it never restarts a healthy process during a database or Redis outage).
 * /readyz is readiness: the database, and Redis when configured, answer now (a load balancer
 * sends traffic elsewhere meanwhile). docs/deploy.md, "Probes".
 */
export function registerProbes(
  app: FastifyInstance,
  ctx: AppContext,
  redis: RedisClient | undefined,
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    code: 200,
    success: true,
    message: 'ok',
    data: { status: 'ok' },
  }));
  // What the last answer said: a change is logged, not each probe of an outage.
  let unreachable: string | null = null;
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const unready = (what: string, error: unknown) => {
      if (unreachable !== what)
        app.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          `readiness check failed: ${what} unreachable`,
        );
      unreachable = what;
      return reply
        .code(503)
        .send({ code: 503, success: false, message: `${what} unreachable`, data: null });
    };
    try {
      await within(DATABASE_PING_TIMEOUT_MS, ctx.db.ping());
    } catch (error) {
      return unready('database', error);
    }
    // With Redis configured (rate limits, queue, shared limits), it is part of being ready.
    if (redis) {
      try {
        await within(REDIS_PING_TIMEOUT_MS, redis.ping());
      } catch (error) {
        return unready('redis', error);
      }
    }
    if (unreachable) app.log.info(`ready again: ${unreachable} answers`);
    unreachable = null;
    return {
      code: 200,
      success: true,
      message: 'ok',
      data: { status: 'ready', database: ctx.db.dialect, ...(redis ? { redis: 'ok' } : {}) },
    };
  });
}
