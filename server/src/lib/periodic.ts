import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { BackgroundTask } from '../modules/module.js';
import { isOutage, isStatementTimeout } from './outage.js';
import { createPeriodLock } from './period-lock.js';

/**
 * Runs `round` every `everyMs`, never two rounds at once (a slow round skips the next tick).
 * A failed round is logged (an outage only once, lib/outage.ts) and tried again at the next
 * tick; `stop()` waits for the round under way. The timer does not keep the process alive.
 * With `claim`, a tick runs the round only when `claim()` says this period is ours.
 */
export function runPeriodically(
  log: FastifyBaseLogger,
  what: string,
  everyMs: number,
  round: () => Promise<unknown>,
  claim?: () => Promise<boolean>,
): BackgroundTask {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = (claim ? claim() : Promise.resolve(true))
      .then((mine) => (mine ? round() : undefined))
      // An outage of the database or Redis is written once, where its connection is.
      .catch((error: unknown) =>
        isOutage(error) && !isStatementTimeout(error)
          ? log.debug({ err: error }, `${what} skipped: a dependency is unreachable`)
          : log.error({ err: error }, `${what} failed`),
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * A periodic job of the app: once per period across every instance sharing its database (and
 * Redis when configured), whichever instance claims the period first (lib/period-lock.ts).
 */
export function runPeriodicJob(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
  what: string,
  everyMs: number,
  round: () => Promise<unknown>,
): BackgroundTask {
  const lock = createPeriodLock(ctx.config, ctx.db);
  const task = runPeriodically(ctx.log, what, everyMs, round, () => lock.claim(what, everyMs));
  return {
    async stop() {
      await task.stop();
      await lock.close();
    },
  };
}

/**
 * How background work logs a failure, by its message: an outage of the database or Redis only
 * at debug level (the connection that saw it writes it once per outage, lib/outage.ts),
 * anything else as an error. For loops that would otherwise write the same outage at every
 * look (the task workers' claims).
 */
export function logFailure(
  log: {
    debug(details: object, message: string): void;
    error(details: object, message: string): void;
  },
  error: unknown,
  what: string,
): void {
  const err = error instanceof Error ? error.message : String(error);
  if (isOutage(error) && !isStatementTimeout(error)) log.debug({ err }, what);
  else log.error({ err }, what);
}
