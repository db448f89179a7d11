import { AppError } from '../../http/errors.js';
import { texts } from './messages.js';

/** A counting semaphore per provider (its `concurrency`); waiting stops when the client leaves. */
export class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(public limit: number) {}
  async acquire(signal: AbortSignal): Promise<boolean> {
    if (this.active < this.limit) {
      this.active++;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const go = () => {
        signal.removeEventListener('abort', stop);
        this.active++;
        resolve(true);
      };
      const stop = () => {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      signal.addEventListener('abort', stop, { once: true });
      this.waiting.push(go);
    });
  }
  releaseOne(): void {
    this.active--;
    const next = this.waiting.shift();
    if (next) next();
  }
}

/**
 * The two limits of streamed answers in one process: how many a user may have open at once
 * (429 beyond it), and how many calls each provider takes at once (the rest wait their turn).
 */
export class StreamLimits {
  private readonly activeByUser = new Map<number, number>();
  private readonly providerSlots = new Map<string, Slots>();

  /** Counts one more open stream for the user (429 at `limit`); the answer ends it. */
  enter(userId: number, limit: number): () => void {
    const active = this.activeByUser.get(userId) ?? 0;
    if (active >= limit) throw new AppError(429, texts.tooManyChats, { limit });
    this.activeByUser.set(userId, active + 1);
    return () => {
      const n = (this.activeByUser.get(userId) ?? 1) - 1;
      if (n <= 0) this.activeByUser.delete(userId);
      else this.activeByUser.set(userId, n);
    };
  }

  /** The provider's slots, following its current `concurrency`. */
  slotsFor(key: string, limit: number): Slots {
    let s = this.providerSlots.get(key);
    if (!s) this.providerSlots.set(key, (s = new Slots(limit)));
    s.limit = limit;
    return s;
  }
}
