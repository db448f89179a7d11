import { describe, expect, it } from 'vitest';
import { DECODES_AT_ONCE, decodeSlot } from './sharp.js';

describe('decodeSlot', () => {
  it('runs at most DECODES_AT_ONCE at a time, in the order asked, and frees a failed one', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number, fail = false) =>
      decodeSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running -= 1;
        if (fail) throw new Error('damaged');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => job(i, i === 1)));
    expect(most).toBe(DECODES_AT_ONCE);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(order.slice(DECODES_AT_ONCE)).toEqual([2, 3, 4, 5]);
    // Every slot came back: as many as allowed start at once again.
    running = 0;
    most = 0;
    await Promise.all([job(6), job(7)]);
    expect(most).toBe(DECODES_AT_ONCE);
  });
});
