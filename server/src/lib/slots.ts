import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { bestEffort, firstConnection } from './outage.js';

/**
 * Counted slots shared by name: "at most N of these at once" (a user's chat answers, a
 * provider's concurrent calls). In memory for one process; on Redis for several instances,
 * where each slot is a lease that expires unless renewed, so a crashed instance frees its
 * slots within one lease time (docs/scaling.md).
 */
export interface SlotLease {
  /** Gives the slot back (idempotent). */
  release(): Promise<void>;
}

export interface SlotPool {
  readonly name: 'memory' | 'redis';
  /** Takes a slot of `key` when fewer than `limit` are taken; null when all are. */
  tryTake(key: string, limit: number): Promise<SlotLease | null>;
  /** Waits for a slot of `key`; null when `signal` aborts first. */
  take(key: string, limit: number, signal: AbortSignal): Promise<SlotLease | null>;
  /** How many of this process's callers are waiting in `take` now, over every key. */
  waiting(): number;
  close(): Promise<void>;
}

/** One process: a counter per key and the callers waiting for it, first come first served. */
export function memorySlots(): SlotPool {
  const active = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const lease = (key: string): SlotLease => {
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        const n = (active.get(key) ?? 1) - 1;
        if (n <= 0) active.delete(key);
        else active.set(key, n);
        // The freed slot goes to the first waiter (one that gave up has left the queue).
        const queue = waiting.get(key);
        queue?.shift()?.();
        if (queue && !queue.length) waiting.delete(key);
      },
    };
  };
  const grab = (key: string, limit: number): SlotLease | null => {
    const n = active.get(key) ?? 0;
    if (n >= limit) return null;
    active.set(key, n + 1);
    return lease(key);
  };
  return {
    name: 'memory',
    async tryTake(key, limit) {
      return grab(key, limit);
    },
    take(key, limit, signal) {
      const now = grab(key, limit);
      if (now || signal.aborted) return Promise.resolve(now);
      const queueOf = (): Array<() => void> => {
        const queue = waiting.get(key) ?? [];
        waiting.set(key, queue);
        return queue;
      };
      return new Promise((resolve) => {
        const go = () => {
          const got = grab(key, limit);
          // Still full (its limit was lowered meanwhile): first in line for the next one.
          if (!got) return void queueOf().unshift(go);
          signal.removeEventListener('abort', stop);
          resolve(got);
        };
        const stop = () => {
          const queue = queueOf();
          const i = queue.indexOf(go);
          if (i >= 0) queue.splice(i, 1);
          if (!queue.length) waiting.delete(key);
          resolve(null);
        };
        signal.addEventListener('abort', stop, { once: true });
        queueOf().push(go);
      });
    },
    waiting() {
      let n = 0;
      for (const queue of waiting.values()) n += queue.length;
      return n;
    },
    async close() {
      waiting.clear();
    },
  };
}

/*
 * A key is a sorted set of lease ids scored by their expiry (Redis time, so the instances'
 * clocks do not matter). Taking drops the expired ones first, then adds one if there is room.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
  return 1
end
return 0`;

const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
  return 1
end
return 0`;

export interface RedisSlotOptions {
  /** How long a slot outlives its holder's last renewal (renewed every third of it). */
  leaseMs?: number;
  /** How often a waiter looks again without being told a slot was freed (expired leases). */
  retryMs?: number;
}

/** ioredis is loaded only when Redis is configured. */
const loadRedis = (): typeof Redis =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;

/**
 * Slots shared by every instance on one Redis (`prefix` keeps deployments apart). A release
 * is published, so a waiter on another instance takes the slot at once; a slot left by a
 * crashed instance expires after `leaseMs` and waiters find it at their next look.
 */
export function redisSlots(url: string, prefix: string, options: RedisSlotOptions = {}): SlotPool {
  const leaseMs = options.leaseMs ?? 30_000;
  const retryMs = options.retryMs ?? Math.max(50, Math.min(1000, Math.floor(leaseMs / 4)));
  const RedisClient = loadRedis();
  // Taken on request paths (a chat's start): while Redis is away a take fails at once (no
  // offline queue, which would also send a timed-out take later, holding a slot nobody has),
  // and after a second without an answer; the caller answers 503 (chat/limits.ts).
  const redis = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 1000,
  });
  // Reported once per outage by the app's own connection (redis.ts).
  redis.on('error', () => undefined);
  const connected = firstConnection(redis);
  const channel = `${prefix}slots:freed`;
  let subscriber: Redis | null = null;
  const waiters = new Map<string, Set<() => void>>();
  const fullKey = (key: string) => `${prefix}slots:${key}`;

  const listen = async () => {
    if (subscriber) return;
    const listener = new RedisClient(url, { maxRetriesPerRequest: null });
    subscriber = listener;
    listener.on('error', () => undefined);
    listener.on('message', (_channel: string, key: string) => {
      for (const wake of [...(waiters.get(key) ?? [])]) wake();
    });
    // Hearing releases only saves waiters their next look (retryMs): not worth waiting for
    // while Redis is away (the subscription is made when it is back).
    await bestEffort(() => listener.subscribe(channel), 1000);
  };

  const tryTake = async (key: string, limit: number): Promise<SlotLease | null> => {
    const id = randomBytes(8).toString('hex');
    const k = fullKey(key);
    await connected();
    const ok = await redis.eval(TAKE, 1, k, limit, id, leaseMs);
    if (Number(ok) !== 1) return null;
    const renew = setInterval(
      () => void redis.eval(RENEW, 1, k, id, leaseMs).catch(() => undefined),
      Math.max(20, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        clearInterval(renew);
        await redis
          .multi()
          .zrem(k, id)
          .publish(channel, key)
          .exec()
          .catch(() => undefined);
      },
    };
  };

  return {
    name: 'redis',
    tryTake,
    async take(key, limit, signal) {
      await listen();
      const set = waiters.get(key) ?? new Set<() => void>();
      waiters.set(key, set);
      // A release published while this waiter is still looking (not yet asleep) must not be
      // lost: it is noted, and the waiter looks again at once instead of sleeping until retryMs.
      let freed = false;
      const note = () => void (freed = true);
      let poke: () => void = note;
      const wake = () => poke();
      set.add(wake);
      try {
        while (!signal.aborted) {
          freed = false;
          const got = await tryTake(key, limit);
          if (got) return got;
          if (freed) continue;
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              signal.removeEventListener('abort', done);
              resolve();
            };
            const timer = setTimeout(done, retryMs);
            poke = done;
            signal.addEventListener('abort', done, { once: true });
          });
          poke = note;
        }
        return null;
      } finally {
        set.delete(wake);
        if (!set.size) waiters.delete(key);
      }
    },
    waiting() {
      let n = 0;
      for (const set of waiters.values()) n += set.size;
      return n;
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when configured (several instances share one count), else this process's memory. */
export const createSlots = (
  config: { redisUrl?: string | undefined; redisPrefix: string },
  options?: RedisSlotOptions,
): SlotPool =>
  config.redisUrl ? redisSlots(config.redisUrl, config.redisPrefix, options) : memorySlots();
