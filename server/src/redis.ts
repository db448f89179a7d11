import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import { Incident } from './lib/outage.js';

/** ioredis is loaded only when Redis is configured: the embedded mode never pays for it. */
const loadRedis = (): typeof RedisClient =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient }).Redis;

/**
 * The app's Redis connection (rate limits, readiness), closed with the app. Requests use it,
 * so nothing waits for it: while it is disconnected a command fails at once (no offline
 * queue; the rate limits then let the request through), and one that gets no answer fails
 * after a second. ioredis reconnects by itself. Its outages are written once each (when one
 * starts and when it ends); /readyz says it meanwhile.
 */
export function connectRedis(app: FastifyInstance, url: string): RedisClient {
  const redis = new (loadRedis())(url, {
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  const incident = new Incident('redis');
  incident.logTo(app.log);
  redis.on('error', (error: Error) => incident.failed(error));
  // A connection lost (not closed by us): reconnecting, maybe before any connect fails.
  redis.on('reconnecting', () => incident.failed(new Error('connection lost, reconnecting')));
  redis.on('ready', () => incident.answered());
  app.addHook('onClose', async () => void redis.quit().catch(() => redis.disconnect()));
  return redis;
}
