import { isTaskActive } from '@atelier/contracts';
/** docs/product.md §4 and §9: the latest 8 results, again every 2 s while one is queued or running. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_PAGE_SIZE = 8;
/** The draw results call's type for Midjourney. */
export const POLL_TYPE = 4;

export interface PollLoop {
  /** Fetch now (after a submit, on mount); joins a fetch already under way instead of adding one. */
  kick: () => void;
  /** No further fetch; an answer still on its way is ignored. */
  stop: () => void;
  /** A timer is waiting or a fetch is under way. */
  active: () => boolean;
}

interface Timers {
  setTimeout: (cb: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * A single-flight polling loop: at most one fetch in flight and one timer pending, whatever
 * calls `kick` and however often. `tick` answers whether to go on (something is still active);
 * a failed tick waits one interval and tries again.
 */
export function createPollLoop(
  tick: () => Promise<boolean>,
  intervalMs = POLL_INTERVAL_MS,
  timers: Timers = realTimers,
): PollLoop {
  let timer: unknown = null;
  let inFlight = false;
  let again = false;
  let generation = 0;

  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const run = async () => {
    clear();
    inFlight = true;
    again = false;
    const mine = generation;
    let goOn: boolean;
    try {
      goOn = await tick();
    } catch {
      goOn = true;
    }
    if (mine !== generation) return;
    inFlight = false;
    if (again) void run();
    else if (goOn) timer = timers.setTimeout(() => void run(), intervalMs);
  };

  return {
    kick: () => {
      if (inFlight) again = true;
      else void run();
    },
    stop: () => {
      generation += 1;
      clear();
      inFlight = false;
      again = false;
    },
    active: () => inFlight || timer !== null,
  };
}

/** The status of each task of one poll, by id. */
export type PollStatuses = ReadonlyMap<number, number>;

export const statusesOf = (rows: ReadonlyArray<{ id: number; status: number }>): PollStatuses =>
  new Map(rows.map((row) => [row.id, row.status]));

/**
 * Whether a task finished or failed since the previous poll, which settles its held credits
 * (the unused part or, on failure, all of it comes back): one queued or running then and no
 * longer now, or a finished one that poll did not list. The first poll reports nothing.
 */
export function settledSince(
  previous: PollStatuses | null,
  rows: ReadonlyArray<{ id: number; status: number }>,
): boolean {
  if (!previous) return false;
  return rows.some((row) => {
    if (isTaskActive(row.status)) return false;
    const before = previous.get(row.id);
    return before === undefined || isTaskActive(before);
  });
}
