import type { payments } from '@atelier/contracts';

type Order = payments.Order;

/** What the order view shows for an order at a moment. */
export type OrderPhase = 'waiting' | 'paid' | 'expired' | 'failed';

/** How often the order view asks the server for the order's status (ms). */
export const POLL_INTERVAL_MS = 2_000;

/** Milliseconds left until the order expires (never negative; 0 once expired). */
export function remainingMs(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - now);
}

/** `mm:ss` (or `h:mm:ss` past an hour), rounded up so 0:00 shows only when time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * The phase of an order: the server's word wins for paid, expired and failed; a pending order
 * whose expiry has passed on this clock shows as expired (the server expires it soon after).
 */
export function orderPhase(order: Pick<Order, 'status' | 'expiresAt'>, now: number): OrderPhase {
  // A refunded order was paid first (an admin gave its credits back): it is not payable.
  if (order.status === 'paid' || order.status === 'refunded') return 'paid';
  if (order.status === 'failed') return 'failed';
  if (order.status === 'expired') return 'expired';
  return remainingMs(order.expiresAt, now) > 0 ? 'waiting' : 'expired';
}

/**
 * Whether to ask the server again: only while the order waits and is on screen. One last
 * question is asked for a short grace period after the local expiry, so a payment made in the
 * last seconds is still seen as paid rather than expired.
 */
export function shouldPoll(
  order: Pick<Order, 'status' | 'expiresAt'>,
  now: number,
  visible: boolean,
  graceMs = 10_000,
): boolean {
  if (!visible || order.status !== 'pending') return false;
  const end = Date.parse(order.expiresAt);
  if (Number.isNaN(end)) return false;
  return now < end + graceMs;
}

/** A price in cents as the user reads it: `¥9.90`, `$4.00`. */
export function formatPrice(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The pay way to start with: the shared store's choice when a gateway serves it, else the first. */
export function initialPayWay(
  ways: payments.PayWay[],
  preferred: payments.PayWay,
): payments.PayWay | null {
  if (ways.includes(preferred)) return preferred;
  if (ways.includes('wechat')) return 'wechat';
  return ways[0] ?? null;
}
