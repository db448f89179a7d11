import type { AppContext } from '../../context.js';
import { notEnoughCredits } from '../../http/errors.js';
import type { Executor } from '../../db/executor.js';
import { hold, pricing, release, settle, type Pricing } from '../credits/index.js';

/**
 * The credits of one streamed answer: the largest answer is quoted and checked before anything
 * is sent, held while the model starts, and the real usage charged (or all of it released) at
 * the end. The price is read once.
 */
export class StreamBilling {
  private holdId: number | null = null;

  private constructor(
    private readonly price: Pricing | null,
    /** What is held: the largest answer's price (0 for a user's own endpoint). */
    readonly held: number,
  ) {}

  /** Quotes the largest answer; 430 when the balance does not cover it. Free without a price. */
  static async quote(
    ctx: AppContext,
    q: { priceKey: string | null; userId: number; promptTokens: number; maxTokens: number },
  ): Promise<StreamBilling> {
    if (!q.priceKey) return new StreamBilling(null, 0);
    // The price row comes from a few-seconds cache (forgotten on a price change); the
    // balance is read every time.
    const price = await pricing(
      ctx.db.kysely,
      { priceKey: q.priceKey, userId: q.userId },
      { cached: true },
    );
    const held = price.cost({ inputTokens: q.promptTokens, outputTokens: q.maxTokens });
    // A read refuses a short balance before anything is sent. The hold itself is written
    // while the model starts; a balance spent in between cuts the call there.
    if (price.available < held) throw notEnoughCredits(held, price.available);
    return new StreamBilling(price, held);
  }

  /** Writes the hold (inside the transaction that saves the messages). */
  async hold(
    trx: Executor,
    h: { userId: number; ref: string; priceKey: string | null; timeoutMs: number },
  ): Promise<void> {
    if (!this.price || !h.priceKey) return;
    const held = await hold(trx, {
      userId: h.userId,
      amount: this.held,
      ref: h.ref,
      priceKey: h.priceKey,
      ttlSeconds: Math.ceil(h.timeoutMs / 1000) * 4 + 600,
    });
    this.holdId = held.holdId;
  }

  get heldId(): number | null {
    return this.holdId;
  }

  /**
   * Charges the usage (never more than held) or releases the hold. Answers what was charged
   * and the balance after, or a null balance when nothing was held.
   */
  async finish(
    trx: Executor,
    usage: { promptTokens: number; completionTokens: number } | null,
  ): Promise<{ cost: number; balance: number | null }> {
    if (this.holdId === null) return { cost: 0, balance: null };
    if (!usage)
      return { cost: 0, balance: (await release(trx, { holdId: this.holdId })).balanceAfter };
    const actual = this.price!.cost({
      inputTokens: usage.promptTokens,
      outputTokens: usage.completionTokens,
    });
    const settled = await settle(trx, {
      holdId: this.holdId,
      actualAmount: Math.min(actual, this.held),
    });
    return { cost: settled.charged, balance: settled.balanceAfter };
  }
}
