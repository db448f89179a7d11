import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAZY_IMAGE_THROTTLE_MS, throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then folds a burst into one trailing run per window', () => {
    const fn = vi.fn();
    const go = throttle(fn, LAZY_IMAGE_THROTTLE_MS);
    go();
    expect(fn).toHaveBeenCalledTimes(1);
    go();
    go();
    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs again at once after a quiet window', () => {
    const fn = vi.fn();
    const go = throttle(fn, 300);
    go();
    vi.advanceTimersByTime(400);
    go();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops a pending run when cancelled', () => {
    const fn = vi.fn();
    const go = throttle(fn, 300);
    go();
    go();
    go.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
