/** docs/product.md §9: lazy images check what became visible at most every 300 ms. */
export const LAZY_IMAGE_THROTTLE_MS = 300;

export interface Throttled {
  (): void;
  cancel: () => void;
}

/**
 * Runs `fn` at once, then at most once per `ms`: calls in between are folded into one trailing
 * run at the end of the window, so the last change is never lost.
 */
export function throttle(
  fn: () => void,
  ms: number,
  clock: {
    now: () => number;
    setTimeout: (cb: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  } = {
    now: () => Date.now(),
    setTimeout: (cb, wait) => globalThis.setTimeout(cb, wait),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  },
): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  const run = () => {
    timer = null;
    last = clock.now();
    fn();
  };
  const throttled = (() => {
    const wait = last + ms - clock.now();
    if (wait <= 0 && timer === null) run();
    else if (timer === null) timer = clock.setTimeout(run, Math.max(wait, 0));
  }) as Throttled;
  throttled.cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
