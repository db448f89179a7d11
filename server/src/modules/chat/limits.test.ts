import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { redisSlots } from '../../lib/slots.js';
import { StreamLimits } from './limits.js';

describe('stream limits', () => {
  it('lets a user open up to the limit at once; the next is a 429 until one ends', async () => {
    const limits = new StreamLimits();
    const one = await limits.enter(7, 2);
    await limits.enter(7, 2);
    const refused = await limits.enter(7, 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    // Another user is counted apart.
    (await limits.enter(8, 2))();
    one();
    await expect(limits.enter(7, 2)).resolves.toBeTypeOf('function');
    await limits.close();
  });

  it("queues calls beyond a provider's slots in order, and drops a caller who left", async () => {
    const limits = new StreamLimits();
    const never = new AbortController().signal;
    const first = await limits.provider('p:1', 1, never);
    expect(first).not.toBeNull();
    const leaving = new AbortController();
    const order: string[] = [];
    const left = limits
      .provider('p:1', 1, leaving.signal)
      .then((got) => order.push(`left:${got !== null}`));
    const next = limits.provider('p:1', 1, never).then((got) => order.push(`next:${got !== null}`));
    leaving.abort();
    await left;
    await first!.release();
    await next;
    expect(order).toEqual(['left:false', 'next:true']);
    // The provider's current concurrency counts: with 3, two more go at once.
    expect(await limits.provider('p:1', 3, never)).not.toBeNull();
    expect(await limits.provider('p:1', 3, never)).not.toBeNull();
    await limits.close();
  });
});

describe('stream limits on an unreachable Redis', () => {
  it('refuse a new answer with a 503 the user can read, not a 500', async () => {
    const limits = new StreamLimits(redisSlots('redis://127.0.0.1:1', 'down:', { leaseMs: 1000 }));
    const refused = await limits.enter(7, 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).text['en-US']).toMatch(/try again/);
    await limits.close();
  });
});
