import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTask } from '../modules/module.js';

/**
 * Runs `round` every `everyMs`, never two rounds at once (a slow round skips the next tick).
 * A failed round is logged and tried again at the next tick; `stop()` waits for the round
 * under way. The timer does not keep the process alive.
 */
export function runPeriodically(
  log: FastifyBaseLogger,
  what: string,
  everyMs: number,
  round: () => Promise<unknown>,
): BackgroundTask {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
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
