import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';

/** ioredis is loaded only when Redis is configured: the embedded mode never pays for it. */
const loadRedis = (): typeof RedisClient =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient }).Redis;

/**
 * The app's Redis connection (rate limits, readiness), closed with the app. A lost connection
 * is reported (at most once a minute) rather than thrown; /readyz says it.
 */
export function connectRedis(app: FastifyInstance, url: string): RedisClient {
  const redis = new (loadRedis())(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let reported = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - reported < 60_000) return;
    reported = Date.now();
    app.log.warn({ err: error }, 'redis connection failed');
  });
  app.addHook('onClose', async () => void redis.quit().catch(() => redis.disconnect()));
  return redis;
}
