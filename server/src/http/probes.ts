import type { FastifyInstance } from 'fastify';
import type { Redis as RedisClient } from 'ioredis';
import type { AppContext } from '../context.js';

/** How long /readyz waits for Redis before calling it unreachable. */
const REDIS_PING_TIMEOUT_MS = 1000;

/**
 * /healthz (the process answers) and /readyz (the database, and Redis when configured, answer):
 * what a load balancer or an orchestrator asks before sending traffic.
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
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const unready = (what: string, error: unknown) => {
      app.log.error({ err: error }, `readiness check failed: ${what} unreachable`);
      return reply
        .code(503)
        .send({ code: 503, success: false, message: `${what} unreachable`, data: null });
    };
    try {
      await ctx.db.ping();
    } catch (error) {
      return unready('database', error);
    }
    // With Redis configured (rate limits, queue, shared limits), it is part of being ready.
    if (redis) {
      try {
        await Promise.race([
          redis.ping(),
          new Promise((_, reject) =>
            setTimeout(
              () => reject(new Error('no answer within 1 s')),
              REDIS_PING_TIMEOUT_MS,
            ).unref(),
          ),
        ]);
      } catch (error) {
        return unready('redis', error);
      }
    }
    return {
      code: 200,
      success: true,
      message: 'ok',
      data: { status: 'ready', database: ctx.db.dialect, ...(redis ? { redis: 'ok' } : {}) },
    };
  });
}
