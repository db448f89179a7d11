import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { dayIn } from '../../lib/day.js';
import { modelAllowance, modelsWithProvider, openProviderKey } from '../providers/index.js';
import { hold, quote, readCreditSettings, release, settle } from '../credits/index.js';
import { texts } from './messages.js';

/**
 * What translations and prompt suggestions cost. They go through a real chat model, so they
 * are not free for all: each user gets a few a day (`wordFreePerDay`, guests
 * `guestWordFreePerDay`), and past that a signed-in user pays the `prompt-words:call` price
 * (held, then charged, or released when the model fails); a guest, who cannot pay, is refused.
 * The model is the first chat model the caller may use in the chat: the same VIP and
 * allow-list rules. Without one the offline word list answers, free and unlimited.
 */
export const WORDS_PRICE_KEY = 'prompt-words:call';

export interface WordModel {
  model: string;
  timeoutMs: number;
  provider: { protocol: 'openai'; baseUrl: string; apiKey: string | null };
}

/** The chat model the caller's words go through (null: the offline demo answers). */
export async function wordModel(ctx: AppContext, userId: number): Promise<WordModel | null> {
  const [rows, allowed, balance] = await Promise.all([
    modelsWithProvider(ctx.db.kysely)
      .where('m.enabled', '=', 1)
      .where('p.enabled', '=', 1)
      .where('m.kind', '=', 'chat')
      .where('p.protocol', '=', 'openai')
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute(),
    modelAllowance(ctx, userId),
    ctx.balances.read(userId),
  ]);
  const row = rows.find((r) => (r.vip_only === 0 || balance.isVip) && allowed(r.id));
  if (!row) return null;
  return {
    model: row.upstream_model,
    timeoutMs: row.timeout_ms,
    provider: {
      protocol: 'openai',
      baseUrl: row.base_url,
      apiKey: openProviderKey(ctx, row.api_key_sealed),
    },
  };
}

export interface WordTerms {
  /** No model: the offline word list answers, free and unlimited. */
  demo: boolean;
  guest: boolean;
  freePerDay: number;
  freeLeft: number;
  /** What one more costs past the free ones (null: not offered, e.g. to guests). */
  credits: number | null;
}

/** Whether the caller is a guest (accounts are the auth module's, read through its hook). */
async function isGuest(ctx: AppContext, userId: number) {
  return (await ctx.hooks.accounts(ctx.db.kysely, [userId])).get(userId)?.kind !== 'registered';
}

async function usedToday(ctx: AppContext, userId: number, day: string) {
  const row = await ctx.db.kysely
    .selectFrom('word_uses')
    .select('count')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** What the caller's next translation or suggestion would cost, shown before use. */
export async function wordTerms(ctx: AppContext, userId: number): Promise<WordTerms> {
  const day = dayIn(ctx.config.timeZone);
  const [model, guest, settings, used] = await Promise.all([
    wordModel(ctx, userId),
    isGuest(ctx, userId),
    readCreditSettings(ctx.db.kysely),
    usedToday(ctx, userId, day),
  ]);
  const freePerDay = guest ? settings.guestWordFreePerDay : settings.wordFreePerDay;
  const credits = guest
    ? null
    : await quote(ctx.db.kysely, { priceKey: WORDS_PRICE_KEY, userId }).catch(() => null);
  return {
    demo: model === null,
    guest,
    freePerDay,
    freeLeft: Math.max(0, freePerDay - used),
    credits,
  };
}

/** Takes one free use of today if one is left (atomically); false when none is. */
async function takeFreeUse(ctx: AppContext, userId: number, day: string, free: number) {
  if (free <= 0) return false;
  const r = await ctx.db.kysely
    .insertInto('word_uses')
    .values({ user_id: userId, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet({ count: sql`word_uses.count + 1` })
        .where('word_uses.count', '<', free),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function giveBackFreeUse(ctx: AppContext, userId: number, day: string) {
  await ctx.db.kysely
    .updateTable('word_uses')
    .set({ count: sql`count - 1` })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('count', '>', 0)
    .execute();
}

/**
 * Runs `work` on the caller's model within their terms: a free use, or the price held and
 * charged (released when the model fails, so a failed call costs nothing). Guests past their
 * free uses, and users past theirs where no price is set, get a 403 saying so.
 */
export async function withWordTerms<T>(
  ctx: AppContext,
  userId: number,
  m: WordModel,
  work: (m: WordModel) => Promise<T>,
): Promise<T & { credits: number; freeLeft: number }> {
  const day = dayIn(ctx.config.timeZone);
  const terms = await wordTerms(ctx, userId);
  if (await takeFreeUse(ctx, userId, day, terms.freePerDay)) {
    try {
      const out = await work(m);
      return { ...out, credits: 0, freeLeft: Math.max(0, terms.freeLeft - 1) };
    } catch (error) {
      await giveBackFreeUse(ctx, userId, day);
      throw error;
    }
  }
  if (terms.guest) throw new AppError(403, texts.wordsGuestQuota, { free: terms.freePerDay });
  if (terms.credits === null)
    throw new AppError(403, texts.wordsQuotaUsed, { free: terms.freePerDay });
  const db = ctx.db.kysely;
  const { holdId } = await hold(db, {
    userId,
    amount: terms.credits,
    ref: 'prompt-words',
    priceKey: WORDS_PRICE_KEY,
    ttlSeconds: 600,
  });
  let out: T;
  try {
    out = await work(m);
  } catch (error) {
    await release(db, { holdId });
    throw error;
  }
  const settled = await settle(db, { holdId, actualAmount: terms.credits });
  return { ...out, credits: settled.charged, freeLeft: 0 };
}
