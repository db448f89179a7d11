import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollLoop, POLL_INTERVAL_MS, settledSince, statusesOf } from './polling';

/** A tick whose answers the test releases one by one. */
function controlledTick() {
  const pending: Array<(goOn: boolean) => void> = [];
  const tick = vi.fn(
    () =>
      new Promise<boolean>((resolve) => {
        pending.push(resolve);
      }),
  );
  const answer = async (goOn: boolean) => {
    pending.shift()!(goOn);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { tick, answer, pending };
}

describe('draw polling loop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('repeats every 2 s while something is active and stops when nothing is', async () => {
    const { tick, answer } = controlledTick();
    const loop = createPollLoop(tick);
    loop.kick();
    expect(tick).toHaveBeenCalledTimes(1);
    await answer(true);
    vi.advanceTimersByTime(POLL_INTERVAL_MS - 1);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(2);
    await answer(false);
    expect(loop.active()).toBe(false);
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 5);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('never runs two fetches or two timers, however often it is kicked', async () => {
    const { tick, answer, pending } = controlledTick();
    const loop = createPollLoop(tick);
    loop.kick();
    loop.kick();
    loop.kick();
    expect(tick).toHaveBeenCalledTimes(1);
    // The kicks during the fetch fold into one fetch right after it.
    await answer(true);
    expect(tick).toHaveBeenCalledTimes(2);
    await answer(true);
    // A kick while the timer waits replaces the timer instead of adding one.
    loop.kick();
    expect(tick).toHaveBeenCalledTimes(3);
    await answer(true);
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(tick).toHaveBeenCalledTimes(4);
    expect(pending).toHaveLength(1);
  });

  it('ignores an answer that arrives after stop and schedules nothing', async () => {
    const { tick, answer } = controlledTick();
    const loop = createPollLoop(tick);
    loop.kick();
    loop.stop();
    await answer(true);
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 3);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(loop.active()).toBe(false);
    loop.kick();
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('tries again one interval after a failed fetch', async () => {
    const tick = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(false);
    const loop = createPollLoop(tick);
    loop.kick();
    await Promise.resolve();
    await Promise.resolve();
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});

describe('tasks settled between two polls', () => {
  const row = (id: number, status: number) => ({ id, status });

  it('reports nothing on the first poll, whatever it finds', () => {
    expect(settledSince(null, [row(1, 3), row(2, 4)])).toBe(false);
  });

  it('reports a task that was queued or running and is now done or failed', () => {
    const before = statusesOf([row(1, 2), row(2, 3)]);
    expect(settledSince(before, [row(1, 2), row(2, 3)])).toBe(false);
    expect(settledSince(before, [row(1, 3), row(2, 3)])).toBe(true);
    expect(settledSince(statusesOf([row(1, 1)]), [row(1, 4)])).toBe(true);
  });

  it('reports a finished task the previous poll did not list, not a new queued one', () => {
    const before = statusesOf([row(1, 3)]);
    expect(settledSince(before, [row(2, 1), row(1, 3)])).toBe(false);
    expect(settledSince(before, [row(2, 4), row(1, 3)])).toBe(true);
  });
});
