import { AppError } from '../../http/errors.js';
import { memorySlots, type SlotLease, type SlotPool } from '../../lib/slots.js';
import { texts } from './messages.js';

/**
 * The two limits of streamed answers: how many a user may have open at once (429 beyond it),
 * and how many calls each provider takes at once (the rest wait their turn). Counted in the
 * given slot pool: this process's memory, or Redis so that every instance shares one count
 * (lib/slots.ts, docs/scaling.md).
 */
export class StreamLimits {
  constructor(private readonly pool: SlotPool = memorySlots()) {}

  /**
   * Counts one more open stream for the user (429 at `limit`); the answer ends it. When the
   * shared count cannot be reached (Redis down), a 503 the user can read: no answer starts
   * whose limits nobody can check, and nothing is charged.
   */
  async enter(userId: number, limit: number): Promise<() => void> {
    const lease = await this.pool.tryTake(`chat-user:${userId}`, limit).catch((error: unknown) => {
      throw Object.assign(new AppError(503, texts.limitsUnreachable), { cause: error });
    });
    if (!lease) throw new AppError(429, texts.tooManyChats, { limit });
    return () => void lease.release();
  }

  /** Waits for one of the provider's `limit` slots; null when the client left first. */
  provider(key: string, limit: number, signal: AbortSignal): Promise<SlotLease | null> {
    return this.pool.take(`chat-provider:${key}`, limit, signal);
  }

  /** How many answers of this process wait for a provider's slot now. */
  waiting(): number {
    return this.pool.waiting();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
