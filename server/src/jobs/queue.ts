import { createRequire } from 'node:module';
import type * as BullMQ from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { bestEffort, firstConnection } from '../lib/outage.js';

/**
 * BullMQ and ioredis are loaded only when Redis is configured: they hold about 25 MB that the
 * embedded mode (and its idle-memory target) has no use for.
 */
const load = createRequire(import.meta.url);
const bullmq = () => load('bullmq') as typeof BullMQ;
const ioredis = () => load('ioredis') as { Redis: typeof Redis };

/**
 * Wake-ups of the task workers. The task rows stay the source of truth (a worker claims a due
 * row with a lease, whatever woke it); the queue only says "look now" or "look in N ms", so a
 * lost wake-up delays a task by at most the idle poll, never loses it.
 */
export interface TaskQueue {
  readonly name: 'embedded' | 'bullmq';
  /**
   * Best effort: never fails, and returns within `WAKE_WAIT_MS` whatever the transport does
   * (Redis down or not answering): the task's row is already written, and the workers' idle
   * poll finds it anyway (docs/tasks.md, "Outages").
   */
  wake(taskId: number, delayMs: number): Promise<void>;
  /** Worker side: called for each wake-up that reaches this process. */
  listen(onWake: () => void): void;
  close(): Promise<void>;
}

/** In-process timers: the API process is also the worker (single-node mode). */
export function embeddedQueue(): TaskQueue {
  const listeners: Array<() => void> = [];
  const timers = new Set<NodeJS.Timeout>();
  const fire = () => listeners.forEach((fn) => fn());
  return {
    name: 'embedded',
    async wake(_taskId, delayMs) {
      if (delayMs <= 0) return fire();
      const t = setTimeout(() => {
        timers.delete(t);
        fire();
      }, delayMs);
      t.unref();
      timers.add(t);
    },
    listen(onWake) {
      listeners.push(onWake);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      listeners.length = 0;
    },
  };
}

/** The longest a wake-up is waited for (a submit answers at most this much later). */
export const WAKE_WAIT_MS = 1000;

/**
 * Redis across processes. A wake-up for now is one PUBLISH that every worker process hears at
 * once (a message lost while a worker reconnects costs at most the idle poll); a wake-up for
 * later is a delayed BullMQ job, kept in Redis until due, reaching one worker process
 * (`npm run worker`).
 */
export function bullmqQueue(config: AppConfig): TaskQueue {
  const url = config.redisUrl!;
  const prefix = `${config.redisPrefix}bull`;
  const channel = `${config.redisPrefix}tasks:wake`;
  const { Queue, Worker } = bullmq();
  const { Redis } = ioredis();
  // The producer's connection: wake-ups are sent on request paths (a submit), so a command
  // fails at once while disconnected and after a second without an answer, instead of waiting
  // for Redis to come back. Only the worker's side (below) waits, as BullMQ's workers must.
  const connection = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: WAKE_WAIT_MS,
  });
  // Reported once per outage by the app's own connection (redis.ts).
  connection.on('error', () => undefined);
  const connected = firstConnection(connection);
  // Made on the first delayed wake-up that finds Redis connected: a BullMQ queue made while
  // Redis cannot be reached keeps starting, and once close() has taken its listeners, the
  // start's end (ECONNREFUSED) became an unhandled rejection.
  let queue: BullMQ.Queue | null = null;
  const delayedQueue = () => {
    if (!queue) {
      queue = new Queue('tasks', { connection, prefix });
      queue.on('error', () => undefined);
    }
    return queue;
  };
  let worker: BullMQ.Worker | null = null;
  let workerConnection: Redis | null = null;
  let subscriber: Redis | null = null;
  return {
    name: 'bullmq',
    async wake(taskId, delayMs) {
      await bestEffort(async () => {
        await connected();
        if (delayMs <= 0) return void (await connection.publish(channel, String(taskId)));
        // Not connected: no wake-up (best effort; the idle poll finds the task).
        if (connection.status !== 'ready') return;
        await delayedQueue().add(
          'wake',
          { taskId },
          { delay: delayMs, removeOnComplete: true, removeOnFail: true },
        );
      }, WAKE_WAIT_MS);
    },
    listen(onWake) {
      subscriber = new Redis(url, { maxRetriesPerRequest: null });
      subscriber.on('error', () => undefined);
      subscriber.on('message', () => onWake());
      void subscriber.subscribe(channel).catch(() => undefined);
      workerConnection = new Redis(url, { maxRetriesPerRequest: null });
      worker = new Worker(
        'tasks',
        async () => {
          onWake();
        },
        { connection: workerConnection, prefix, concurrency: 4 },
      );
      worker.on('error', () => undefined);
    },
    async close() {
      await worker?.close();
      await queue?.close();
      connection.disconnect();
      workerConnection?.disconnect();
      subscriber?.disconnect();
    },
  };
}

export const createQueue = (config: AppConfig): TaskQueue =>
  config.redisUrl ? bullmqQueue(config) : embeddedQueue();
