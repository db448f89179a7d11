import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialect, testRedisUrl } from '../test/harness.js';
import { memorySlots, redisSlots, type SlotLease, type SlotPool } from './slots.js';

const pools: SlotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Polls `check` until it holds; the bound guards against a hang only. */
async function until(check: () => Promise<boolean>, what: string, bound = 20_000) {
  const end = Date.now() + bound;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The same rules, whichever implementation: `make` gives pools that share one count. */
function behaves(make: () => SlotPool) {
  it('takes at most `limit` slots of a key, others keys apart', async () => {
    const a = make();
    const got = [await a.tryTake('u:1', 2), await a.tryTake('u:1', 2), await a.tryTake('u:1', 2)];
    expect(got.map((g) => g !== null)).toEqual([true, true, false]);
    expect(await a.tryTake('u:2', 2)).not.toBeNull();
    await got[0]!.release();
    await got[0]!.release(); // a second release frees nothing more
    expect(await a.tryTake('u:1', 2)).not.toBeNull();
    expect(await a.tryTake('u:1', 2)).toBeNull();
  });

  it('hands a freed slot to a waiter, and a waiter that gives up takes none', async () => {
    const a = make();
    const first = (await a.tryTake('p:1', 1))!;
    const quitter = new AbortController();
    const gaveUp = a.take('p:1', 1, quitter.signal);
    const waiter = a.take('p:1', 1, new AbortController().signal);
    quitter.abort();
    expect(await gaveUp).toBeNull();
    let second: SlotLease | null = null;
    void waiter.then((l) => (second = l));
    // A full look at the count after the abort: the slot is still the first's, and the one
    // left waiting has been handed nothing.
    expect(await a.tryTake('p:1', 1)).toBeNull();
    expect(second).toBeNull();
    await first.release();
    expect(await waiter).not.toBeNull();
    expect(await a.tryTake('p:1', 1)).toBeNull();
  });

  it('never lets more than the limit run at once among many takers', async () => {
    const a = make();
    let now = 0;
    let peak = 0;
    let finished = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const lease = (await a.take('p:2', 3, new AbortController().signal))!;
        now++;
        peak = Math.max(peak, now);
        // Each holder keeps its slot until the pool is full (or no one is left to fill it), so
        // a count that let a fourth in would be seen.
        await until(async () => now >= 3 || finished + now === 20, 'a full pool');
        now--;
        finished++;
        await lease.release();
      }),
    );
    expect(peak).toBe(3);
  });
}

describe('memory slots', () => {
  behaves(() => {
    const p = memorySlots();
    pools.push(p);
    return p;
  });
});

describe.runIf(testDialect === 'postgres')('redis slots', () => {
  const prefix = `t_slots_${randomBytes(4).toString('hex')}:`;
  const make = (options: { leaseMs?: number; retryMs?: number } = {}) => {
    const p = redisSlots(testRedisUrl, prefix, options);
    pools.push(p);
    return p;
  };
  behaves(() => make());

  it('shares one count between instances, and a release wakes a waiter elsewhere', async () => {
    // b looks again only after a minute: only the release's publish can wake it sooner.
    const [a, b] = [make(), make({ retryMs: 60_000 })];
    const held = (await a.tryTake('x', 1))!;
    expect(await b.tryTake('x', 1)).toBeNull();
    const started = Date.now();
    const waiting = b.take('x', 1, new AbortController().signal);
    // b listens for releases before the release is sent (else only its next look, a minute
    // on, would find the slot).
    const watcher = new Redis(testRedisUrl);
    try {
      await until(async () => {
        const [, count] = (await watcher.pubsub('NUMSUB', `${prefix}slots:freed`)) as [
          string,
          number,
        ];
        return Number(count) >= 1;
      }, 'b to listen for releases');
    } finally {
      watcher.disconnect();
    }
    await held.release();
    expect(await waiting).not.toBeNull();
    // Published, not found by the next look (a margin for a loaded machine, far below a minute).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('renews a lease while it is held, and frees the slots of a vanished holder', async () => {
    const crashed = make({ leaseMs: 300 });
    const alive = make({ leaseMs: 300 });
    const kept = (await alive.tryTake('y', 2))!;
    expect(await crashed.tryTake('y', 2)).not.toBeNull();
    // The crashed instance stops renewing (closing stops its timers' effect: its connection).
    await crashed.close();
    pools.splice(pools.indexOf(crashed), 1);
    // The dead lease goes when it expires; the live one, taken first, would have gone before
    // it had it not been renewed, and the second take below would then find a free slot.
    await until(async () => (await alive.tryTake('y', 2)) !== null, 'the dead lease to expire');
    expect(await alive.tryTake('y', 2)).toBeNull();
    await kept.release();
  });
});

describe('redis slots, Redis unreachable', () => {
  it('refuses a take at once instead of waiting for Redis to come back', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const p = redisSlots(`redis://127.0.0.1:${port}`, 'nowhere:');
    pools.push(p);
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await expect(p.tryTake('u:1', 2)).rejects.toThrow();
      // Redis never comes back: any bound tells "at once" from "waiting"; a busy machine is slow.
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});
