import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { testDialect, testRedisUrl } from '../test/harness.js';
import { bullmqQueue, WAKE_WAIT_MS } from './queue.js';

const configFor = (redisUrl: string) =>
  loadConfig({
    NODE_ENV: 'test',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `t_queue_${randomBytes(4).toString('hex')}:`,
  });

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/*
 * A wake-up is sent after the task's row is written, on the submit's request path: it must
 * never fail that request nor hold it while Redis is away (docs/tasks.md, "Outages").
 */
describe('the BullMQ wake-up queue', () => {
  it('returns within its bound, and never fails, while Redis cannot be reached', async () => {
    const queue = bullmqQueue(configFor(`redis://127.0.0.1:${await closedPort()}`));
    try {
      for (const delay of [0, 5000]) {
        const started = Date.now();
        await queue.wake(1, delay);
        // Redis never comes back: the bound tells "returns" from "waits for Redis"; it is loose
        // because a busy machine fires timers late.
        expect(Date.now() - started).toBeLessThan(WAKE_WAIT_MS + 9000);
      }
    } finally {
      await queue.close();
    }
  });

  it.runIf(testDialect === 'postgres')(
    'reaches a listening worker when Redis is there',
    async () => {
      const queue = bullmqQueue(configFor(testRedisUrl));
      try {
        let heard = 0;
        queue.listen(() => heard++);
        const deadline = Date.now() + 20_000;
        // The subscription is made in the background: wake until a wake-up is heard.
        while (heard === 0 && Date.now() < deadline) {
          await queue.wake(1, 0);
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(heard).toBeGreaterThan(0);
      } finally {
        await queue.close();
      }
    },
  );
});
