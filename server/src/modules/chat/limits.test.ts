import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { StreamLimits } from './limits.js';

describe('stream limits', () => {
  it('lets a user open up to the limit at once; the next is a 429 until one ends', () => {
    const limits = new StreamLimits();
    const one = limits.enter(7, 2);
    limits.enter(7, 2);
    expect(() => limits.enter(7, 2)).toThrow(AppError);
    try {
      limits.enter(7, 2);
    } catch (error) {
      expect((error as AppError).status).toBe(429);
    }
    // Another user is counted apart.
    limits.enter(8, 2)();
    one();
    expect(() => limits.enter(7, 2)).not.toThrow();
  });

  it("queues calls beyond a provider's slots in order, and drops a caller who left", async () => {
    const limits = new StreamLimits();
    const slots = limits.slotsFor('p:1', 1);
    const never = new AbortController().signal;
    expect(await slots.acquire(never)).toBe(true);
    const leaving = new AbortController();
    const order: string[] = [];
    const left = slots.acquire(leaving.signal).then((got) => order.push(`left:${got}`));
    const next = slots.acquire(never).then((got) => order.push(`next:${got}`));
    leaving.abort();
    await left;
    slots.releaseOne();
    await next;
    expect(order).toEqual(['left:false', 'next:true']);
    // The same provider's slots follow its current concurrency.
    expect(limits.slotsFor('p:1', 3)).toBe(slots);
    expect(slots.limit).toBe(3);
  });
});
