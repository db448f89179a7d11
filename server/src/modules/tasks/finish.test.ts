import { describe, expect, it } from 'vitest';
import { chargeOf } from './finish.js';

describe('charge of a part delivered', () => {
  it('charges the whole price without a share, pro rata with one, rounded down', () => {
    expect(chargeOf(10)).toBe(10);
    expect(chargeOf(10, { delivered: 2, of: 2 })).toBe(10);
    expect(chargeOf(10, { delivered: 1, of: 2 })).toBe(5);
    expect(chargeOf(5, { delivered: 1, of: 2 })).toBe(2);
    expect(chargeOf(10, { delivered: 0, of: 2 })).toBe(0);
    expect(chargeOf(10, { delivered: 3, of: 2 })).toBe(10);
  });
});
