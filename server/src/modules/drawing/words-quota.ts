import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { dayIn } from '../../lib/day.js';
import { ipKey } from '../../lib/ip-key.js';
import { chatProtocolOf } from '../../providers/chat/index.js';
import {
  isDemoProtocol,
  modelAllowance,
  modelsWithProvider,
  openProviderKey,
} from '../providers/index.js';
import { hold, quote, readCreditSettings, release, settle } from '../credits/index.js';
import { texts } from './messages.js';

/**
 * What translations and prompt suggestions cost. They go through a real chat model, so they
 * are not free for all: each user gets a few a day (`wordFreePerDay`, guests
 * `guestWordFreePerDay`), and past that a signed-in user pays the `prompt-words:call` price
 * (held, then charged, or released when the model fails); a guest, who cannot pay, is refused.
 * The model is the first chat model the caller may use in the chat: the same VIP and
 * allow-list rules. Without one the offline word list answers, free and unlimited.
 *
 * A guest costs nothing to make, so guests' free uses are also counted per IP: the guests of
 * one IP share `guestWordFreePerDay` × GUEST_TRIALS_PER_IP a day (as many as the guests that
 * get a trial there would have); 0 for GUEST_TRIALS_PER_IP: no limit per IP.
 */
export const WORDS_PRICE_KEY = 'prompt-words:call';

export interface WordModel {
  model: string;
  timeoutMs: number;
  provider: { protocol: string; baseUrl: string; apiKey: string | null };
}

/** The chat model the caller's words go through (null: the offline demo answers). */
export async function wordModel(ctx: AppContext, userId: number): Promise<WordModel | null> {
  const [rows, allowed, balance] = await Promise.all([
    modelsWithProvider(ctx.db.kysely)
      .where('m.enabled', '=', 1)
      .where('p.enabled', '=', 1)
      .where('m.kind', '=', 'chat')
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute(),
    modelAllowance(ctx, userId),
    ctx.balances.read(userId),
  ]);
  // A chat model of a protocol that answers chats (its adapter map says so), not the demo.
  const row = rows.find(
    (r) =>
      chatProtocolOf(r.protocol) !== null &&
      !isDemoProtocol(r.protocol) &&
      (r.vip_only === 0 || balance.isVip) &&
      allowed(r.id),
  );
  if (!row) return null;
  return {
    model: row.upstream_model,
    timeoutMs: row.timeout_ms,
    provider: {
      protocol: row.protocol,
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

/** Guests' free uses an IP has a day (null: no limit per IP). */
function guestIpFree(ctx: AppContext, perGuest: number): number | null {
  const guests = ctx.config.signup.guestTrialsPerIp;
  return guests === 0 ? null : perGuest * guests;
}

async function ipUsedToday(ctx: AppContext, ip: string, day: string) {
  const row = await ctx.db.kysely
    .selectFrom('word_ip_uses')
    .select('count')
    .where('ip', '=', ip)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.count ?? 0;
}

interface Terms extends WordTerms {
  /** Guests: the free uses the guests of the caller's IP share a day (null: no such limit). */
  ipFree: number | null;
  /** Guests: the caller's own free uses are left, their IP's are not. */
  networkUsedUp: boolean;
}

/** What the caller's next translation or suggestion would cost, shown before use. */
export async function wordTerms(ctx: AppContext, userId: number, ip: string): Promise<WordTerms> {
  const { ipFree, networkUsedUp, ...terms } = await readTerms(ctx, userId, ip);
  void ipFree; // not shown: freeLeft already counts them
  void networkUsedUp;
  return terms;
}

async function readTerms(ctx: AppContext, userId: number, callerIp: string): Promise<Terms> {
  const ip = ipKey(callerIp);
  const day = dayIn(ctx.config.timeZone);
  const [model, guest, settings, used, ipUsed] = await Promise.all([
    wordModel(ctx, userId),
    isGuest(ctx, userId),
    readCreditSettings(ctx.db.kysely),
    usedToday(ctx, userId, day),
    ipUsedToday(ctx, ip, day),
  ]);
  const freePerDay = guest ? settings.guestWordFreePerDay : settings.wordFreePerDay;
  const ipFree = guest ? guestIpFree(ctx, freePerDay) : null;
  const ipLeft = ipFree === null ? Infinity : Math.max(0, ipFree - ipUsed);
  const credits = guest
    ? null
    : await quote(ctx.db.kysely, { priceKey: WORDS_PRICE_KEY, userId }).catch(() => null);
  return {
    demo: model === null,
    guest,
    freePerDay,
    freeLeft: Math.min(ipLeft, Math.max(0, freePerDay - used)),
    ipFree,
    networkUsedUp: ipLeft === 0 && used < freePerDay,
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

/** Takes one of the IP's free guest uses of today if one is left (atomically). */
async function takeIpUse(ctx: AppContext, ip: string, day: string, free: number) {
  if (free <= 0) return false;
  const r = await ctx.db.kysely
    .insertInto('word_ip_uses')
    .values({ ip, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['ip', 'day'])
        .doUpdateSet({ count: sql`word_ip_uses.count + 1` })
        .where('word_ip_uses.count', '<', free),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function giveBackIpUse(ctx: AppContext, ip: string, day: string) {
  await ctx.db.kysely
    .updateTable('word_ip_uses')
    .set({ count: sql`count - 1` })
    .where('ip', '=', ip)
    .where('day', '=', day)
    .where('count', '>', 0)
    .execute();
}

/** A free use for the caller (and, for a guest, for their IP); false when none is left. */
async function takeFree(ctx: AppContext, userId: number, ip: string, day: string, t: Terms) {
  if (!(await takeFreeUse(ctx, userId, day, t.freePerDay))) return false;
  if (t.ipFree === null || (await takeIpUse(ctx, ip, day, t.ipFree))) return true;
  await giveBackFreeUse(ctx, userId, day);
  return false;
}

async function giveBackFree(ctx: AppContext, userId: number, ip: string, day: string, t: Terms) {
  await giveBackFreeUse(ctx, userId, day);
  if (t.ipFree !== null) await giveBackIpUse(ctx, ip, day);
}

/**
 * Runs `work` on the caller's model within their terms: a free use, or the price held and
 * charged (released when the model fails, so a failed call costs nothing). Guests past their
 * free uses, and users past theirs where no price is set, get a 403 saying so.
 */
export async function withWordTerms<T>(
  ctx: AppContext,
  caller: { userId: number; ip: string },
  m: WordModel,
  work: (m: WordModel) => Promise<T>,
): Promise<T & { credits: number; freeLeft: number }> {
  const { userId } = caller;
  const ip = ipKey(caller.ip);
  const day = dayIn(ctx.config.timeZone);
  const terms = await readTerms(ctx, userId, ip);
  if (await takeFree(ctx, userId, ip, day, terms)) {
    try {
      const out = await work(m);
      return { ...out, credits: 0, freeLeft: Math.max(0, terms.freeLeft - 1) };
    } catch (error) {
      await giveBackFree(ctx, userId, ip, day, terms);
      throw error;
    }
  }
  if (terms.guest)
    throw new AppError(
      403,
      terms.networkUsedUp ? texts.wordsGuestNetworkQuota : texts.wordsGuestQuota,
      { free: terms.freePerDay },
    );
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
