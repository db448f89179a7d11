import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatPrice,
  initialPayWay,
  orderPhase,
  remainingMs,
  shouldPoll,
} from './order-status';

const t0 = Date.parse('2026-11-22T12:00:00.000Z');
const at = (offsetMs: number) => new Date(t0 + offsetMs).toISOString();

describe('countdown', () => {
  it('counts the time left and stops at zero', () => {
    expect(remainingMs(at(90_000), t0)).toBe(90_000);
    expect(remainingMs(at(-5_000), t0)).toBe(0);
    expect(remainingMs('not a date', t0)).toBe(0);
  });

  it('formats minutes and seconds, rounding up', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_001)).toBe('01:02');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-10)).toBe('00:00');
    expect(formatCountdown(3_600_000 + 5_000)).toBe('1:00:05');
  });
});

describe('order phase', () => {
  it('follows the server for paid, expired and failed', () => {
    expect(orderPhase({ status: 'paid', expiresAt: at(-1) }, t0)).toBe('paid');
    expect(orderPhase({ status: 'refunded', expiresAt: at(-1) }, t0)).toBe('paid');
    expect(orderPhase({ status: 'expired', expiresAt: at(60_000) }, t0)).toBe('expired');
    expect(orderPhase({ status: 'failed', expiresAt: at(60_000) }, t0)).toBe('failed');
  });

  it('shows a pending order past its expiry as expired', () => {
    expect(orderPhase({ status: 'pending', expiresAt: at(1) }, t0)).toBe('waiting');
    expect(orderPhase({ status: 'pending', expiresAt: at(0) }, t0)).toBe('expired');
  });
});

describe('polling decision', () => {
  const pending = { status: 'pending' as const, expiresAt: at(60_000) };

  it('polls a pending order while it shows', () => {
    expect(shouldPoll(pending, t0, true)).toBe(true);
    expect(shouldPoll(pending, t0, false)).toBe(false);
  });

  it('stops once the order is settled', () => {
    expect(shouldPoll({ ...pending, status: 'paid' }, t0, true)).toBe(false);
    expect(shouldPoll({ ...pending, status: 'expired' }, t0, true)).toBe(false);
    expect(shouldPoll({ ...pending, status: 'failed' }, t0, true)).toBe(false);
  });

  it('keeps asking for a grace period after the local expiry, then stops', () => {
    expect(shouldPoll(pending, t0 + 65_000, true, 10_000)).toBe(true);
    expect(shouldPoll(pending, t0 + 70_000, true, 10_000)).toBe(false);
    expect(shouldPoll({ status: 'pending', expiresAt: 'bad' }, t0, true)).toBe(false);
  });
});

describe('price', () => {
  it('formats cents in the currency', () => {
    expect(formatPrice(990, 'CNY', 'en-US')).toBe('CN¥9.90');
    expect(formatPrice(400, 'USD', 'en-US')).toBe('$4.00');
    expect(formatPrice(100, 'XX1', 'en-US')).toBe('1.00 XX1');
  });
});

describe('pay way to start with', () => {
  it('keeps the shared choice when a gateway serves it, else WeChat, else the first', () => {
    expect(initialPayWay(['wechat', 'alipay'], 'alipay')).toBe('alipay');
    expect(initialPayWay(['alipay', 'wechat'], 'card')).toBe('wechat');
    expect(initialPayWay(['card', 'alipay'], 'wechat')).toBe('card');
    expect(initialPayWay([], 'wechat')).toBeNull();
  });
});
