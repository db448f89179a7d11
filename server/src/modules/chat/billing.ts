import type { AppContext } from '../../context.js';
import { notEnoughCredits } from '../../http/errors.js';
import type { Executor } from '../../db/executor.js';
import type { ChatMessage } from '../../providers/chat/index.js';
import { hold, pricing, release, settle, type Pricing } from '../credits/index.js';
import { queryHold } from './answer-rounds.js';

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
    /** What the web search costs (charged with the answer, never for a failed one). */
    readonly searchCost: number,
    /** The key the hold is written under (the model's, else the search's). */
    private readonly holdKey: string | null,
  ) {}

  /**
   * Quotes the largest answer; 430 when the balance does not cover it. Free without a price.
   * An answer that may call tools can ask up to `rounds` times: each round's prompt and answer
   * are held. A web search adds its price per search (`searchPriceKey`).
   */
  static async quote(
    ctx: AppContext,
    q: {
      priceKey: string | null;
      userId: number;
      promptTokens: number;
      maxTokens: number;
      rounds?: number;
      searchPriceKey?: string | null;
      /** With web search: the prompt the model writes the search query from (held too). */
      searchPrompt?: ChatMessage[] | null;
    },
  ): Promise<StreamBilling> {
    if (!q.priceKey && !q.searchPriceKey) return new StreamBilling(null, 0, 0, null);
    // The price row comes from a few-seconds cache (forgotten on a price change); the
    // balance is read every time.
    const price = q.priceKey
      ? await pricing(ctx.db.kysely, { priceKey: q.priceKey, userId: q.userId }, { cached: true })
      : null;
    const search = q.searchPriceKey
      ? await pricing(
          ctx.db.kysely,
          { priceKey: q.searchPriceKey, userId: q.userId },
          { cached: true },
        )
      : null;
    const rounds = q.rounds ?? 1;
    const extra = q.searchPrompt ? queryHold(q.searchPrompt) : { inputTokens: 0, outputTokens: 0 };
    const searchCost = search ? search.cost(1) : 0;
    const held =
      (price
        ? price.cost({
            inputTokens: q.promptTokens * rounds + extra.inputTokens,
            outputTokens: q.maxTokens * rounds + extra.outputTokens,
          })
        : 0) + searchCost;
    // A read refuses a short balance before anything is sent. The hold itself is written
    // just before the call; a balance spent in between refuses the call there.
    const available = (price ?? search)!.available;
    if (available < held) throw notEnoughCredits(held, available);
    return new StreamBilling(price, held, searchCost, q.priceKey ?? q.searchPriceKey ?? null);
  }

  /** Writes the hold (inside the transaction that saves the messages). */
  async hold(
    trx: Executor,
    h: { userId: number; ref: string; priceKey: string | null; timeoutMs: number },
  ): Promise<void> {
    if (!this.holdKey || this.held <= 0) return;
    const held = await hold(trx, {
      userId: h.userId,
      amount: this.held,
      ref: h.ref,
      priceKey: this.holdKey,
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
    const actual =
      (this.price
        ? this.price.cost({ inputTokens: usage.promptTokens, outputTokens: usage.completionTokens })
        : 0) + this.searchCost;
    const settled = await settle(trx, {
      holdId: this.holdId,
      actualAmount: Math.min(actual, this.held),
    });
    return { cost: settled.charged, balance: settled.balanceAfter };
  }
}
