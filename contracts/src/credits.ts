import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, pageQuery, queryInt } from './envelope.js';
import { userBalance } from './auth.js';
import { modelKinds } from './kinds.js';

/** Why a ledger row exists; `hold`/`release` book credits reserved by a running job. */
export const ledgerKind = z.enum([
  'register_gift',
  'guest_trial',
  'invite_reward',
  'purchase',
  'redeem',
  'checkin',
  'charge',
  'refund',
  'admin_adjust',
  'hold',
  'release',
  'guest_transfer',
]);
export type LedgerKind = z.infer<typeof ledgerKind>;

/** What a price is filed under: a kind of model (kinds.ts, the one list). */
export const priceCategory = z.enum(modelKinds);
export const priceUnit = z.enum(['call', '1k_tokens']);

/** One price: per call, or per 1,000 tokens with separate input and output rates. */
export const price = z.object({
  /** `<model>:<action>`, what other modules quote by. */
  priceKey: z.string(),
  model: z.string(),
  action: z.string(),
  category: priceCategory,
  label: z.string(),
  unit: priceUnit,
  /** Credits per call; for a token price, the minimum charge per call (0: none). */
  credits: z.number().int(),
  inputPer1k: z.number().int(),
  outputPer1k: z.number().int(),
  /** Percent off for VIP users (this price's own, else the site-wide setting). */
  vipDiscountPercent: z.number().int(),
  /** Free uses per day for VIP users. */
  vipFreePerDay: z.number().int(),
});
export type Price = z.infer<typeof price>;

export const adminPrice = price.extend({
  id: z.number().int(),
  /** This price's own VIP discount; null: the site-wide setting applies. */
  ownVipDiscountPercent: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  updatedAt: isoTime,
});
export type AdminPrice = z.infer<typeof adminPrice>;

export const actionPrices = endpoint({
  method: 'GET',
  path: '/queue/getItemPrice',
  access: 'public',
  summary: 'Prices of every action (drawing, music, video, separation, chat), in credits',
  tags: ['credits'],
  data: listOf(price),
});

export const modelInfo = z.object({
  model: z.string(),
  label: z.string(),
  category: priceCategory,
  /** Actions this model can do, e.g. imagine, upscale, variation. */
  capabilities: z.array(z.string()),
  prices: z.array(price),
});
export type ModelInfo = z.infer<typeof modelInfo>;

export const modelPrices = endpoint({
  method: 'GET',
  path: '/autoreply/queryModelInfo',
  access: 'public',
  summary: 'Models with their prices and capabilities',
  tags: ['credits'],
  data: listOf(modelInfo),
});

export const balance = userBalance.extend({
  /** Credits reserved by running jobs (returned if they fail). */
  heldCredits: z.number().int(),
});
export type Balance = z.infer<typeof balance>;

export const myBalance = endpoint({
  method: 'GET',
  path: '/balance/query',
  access: 'identity',
  summary: 'The caller’s credits, held credits, used credits and VIP time',
  tags: ['credits'],
  data: balance,
});

export const redeemCode = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9 -]+$/, { message: 'letters, digits and dashes only' });

export const redeem = endpoint({
  method: 'POST',
  path: '/balance/changeToken',
  access: 'identity',
  summary:
    'Redeem a redemption code (the spec’s redemption call): adds its credits and VIP days once',
  tags: ['credits'],
  body: z.object({ code: redeemCode }),
  data: z.object({ credits: z.number().int(), vipDays: z.number().int(), balance: userBalance }),
});

export const checkin = endpoint({
  method: 'GET',
  path: '/user/checkin',
  access: 'user',
  summary: 'Daily check-in: grants the daily reward once per day (420 when already done today)',
  tags: ['credits'],
  data: z.object({
    credits: z.number().int(),
    /** YYYY-MM-DD in the site's time zone. */
    day: z.string(),
    streak: z.number().int(),
    balance: userBalance,
  }),
});

export const checkinCalendar = endpoint({
  method: 'GET',
  path: '/user/displaycheckin',
  access: 'user',
  summary: 'This month’s check-in days and the current streak',
  tags: ['credits'],
  data: z.object({
    /** YYYY-MM in the site's time zone. */
    month: z.string(),
    today: z.string(),
    /** Days of this month checked in, YYYY-MM-DD. */
    days: z.array(z.string()),
    streak: z.number().int(),
    checkedInToday: z.boolean(),
    reward: z.number().int(),
  }),
});

export const ledgerEntry = z.object({
  id: z.number().int(),
  kind: ledgerKind,
  /** Positive: credits in; negative: credits out. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  vipDays: z.number().int(),
  /** What the row is about: `order:12`, `redeem:3`, `draw:88`… */
  ref: z.string(),
  createdAt: isoTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/**
 * What a charge (or its hold, release or refund) paid for: a chat, a mind map or a task, with
 * the price it was charged at. The price fields are null when that price has since been deleted.
 */
export const spentOn = z.object({
  source: z.enum(['chat', 'mind', 'task']),
  /** The chat's or the task's id (null for a mind map). */
  refId: z.number().int().nullable(),
  model: z.string().nullable(),
  action: z.string().nullable(),
  category: priceCategory.nullable(),
  /** The price's label, e.g. "Offline demo: imagine". */
  label: z.string().nullable(),
  /** The kind of the task paid for (`kinds.taskKinds`: mj, sd-tool…); null for a chat. */
  kind: z.string().nullable(),
});
export type SpentOn = z.infer<typeof spentOn>;

/** A row of the user's own history lists. */
export const historyEntry = ledgerEntry.extend({
  /** Null for rows that pay for nothing (gifts, codes, check-ins…). */
  spentOn: spentOn.nullable(),
  /** Written while the user was still a guest; it moved here with the guest's data. */
  fromGuest: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

const logEndpoint = (path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    access: 'identity',
    summary,
    tags: ['credits'],
    query: pageQuery,
    data: listOf(historyEntry),
  });

export const topUpLog = logEndpoint(
  '/balance/rechargeLog',
  'Purchases and redeemed codes, newest first',
);
export const usageLog = logEndpoint(
  '/chatLog/usetokenList',
  'Credits spent (charges and refunds), newest first',
);
export const balanceLog = logEndpoint(
  '/midjourney/balanceLog',
  'Every change of the balance, newest first (rows the user hid are left out)',
);
export const incomeLog = logEndpoint(
  '/midjourney/getCoinList',
  'Credits received (gifts, check-ins, purchases, codes, refunds), newest first',
);

export const hideBalanceLogRow = endpoint({
  method: 'POST',
  path: '/midjourney/deletebalanceLog',
  access: 'identity',
  summary: 'Hide one of my balance-log rows from my view (the ledger itself is never deleted)',
  tags: ['credits'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

// ---- Admin ----

/** A price as an admin edits it; left out on create: per call, 0 credits, enabled, sort 0. */
export const priceFields = z.object({
  model: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w.\-/]+$/, { message: 'letters, digits, _ . - / only' }),
  action: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[\w.-]+$/, { message: 'letters, digits, _ . - only' }),
  category: priceCategory,
  label: z.string().trim().min(1).max(100),
  unit: priceUnit,
  credits: z.number().int().min(0).max(1_000_000),
  inputPer1k: z.number().int().min(0).max(1_000_000),
  outputPer1k: z.number().int().min(0).max(1_000_000),
  vipDiscountPercent: z.number().int().min(0).max(100).nullable(),
  vipFreePerDay: z.number().int().min(0).max(100_000),
  enabled: z.boolean(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
});

export type PriceFields = z.infer<typeof priceFields>;

export const adminListPrices = endpoint({
  method: 'GET',
  path: '/admin/credits/prices',
  access: 'admin',
  summary: 'Every price, enabled or not',
  tags: ['credits', 'admin'],
  data: listOf(adminPrice),
});

export const adminCreatePrice = endpoint({
  method: 'POST',
  path: '/admin/credits/prices/create',
  access: 'admin',
  summary: 'Add a price for a model and action (409 when that pair has one)',
  tags: ['credits', 'admin'],
  body: priceFields.partial().required({ model: true, action: true, category: true, label: true }),
  data: adminPrice,
});

export const adminUpdatePrice = endpoint({
  method: 'POST',
  path: '/admin/credits/prices/update',
  access: 'admin',
  summary: 'Change a price (only the fields sent)',
  tags: ['credits', 'admin'],
  body: priceFields
    .omit({ model: true, action: true })
    .partial()
    .extend({ id: z.number().int().positive() }),
  data: adminPrice,
});

export const adminDeletePrice = endpoint({
  method: 'POST',
  path: '/admin/credits/prices/delete',
  access: 'admin',
  summary: 'Remove a price',
  tags: ['credits', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

export const codeBatch = z.object({
  id: z.number().int(),
  label: z.string(),
  credits: z.number().int(),
  vipDays: z.number().int(),
  count: z.number().int(),
  redeemed: z.number().int(),
  expiresAt: isoTime.nullable(),
  createdAt: isoTime,
  /** Set while the batch is disabled: its unused codes are refused. */
  disabledAt: isoTime.nullable(),
});
export type CodeBatch = z.infer<typeof codeBatch>;

export const codeBatchInput = z.object({
  count: z.number().int().min(1).max(10_000),
  credits: z.number().int().min(0).max(10_000_000),
  vipDays: z.number().int().min(0).max(3650).default(0),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  label: z.string().trim().max(100).default(''),
});

export const adminCreateCodes = endpoint({
  method: 'POST',
  path: '/admin/credits/codes/create',
  access: 'admin',
  summary:
    'Create a batch of redemption codes; the codes are shown in this answer only (stored hashed)',
  tags: ['credits', 'admin'],
  body: codeBatchInput,
  data: z.object({
    batch: codeBatch,
    codes: z.array(z.string()),
    /** code,credits,vip_days,expires_at,label — one line per code. */
    csv: z.string(),
  }),
});

export const adminListCodeBatches = endpoint({
  method: 'GET',
  path: '/admin/credits/codes/batches',
  access: 'admin',
  summary: 'Code batches, newest first, with how many were redeemed',
  tags: ['credits', 'admin'],
  query: pageQuery,
  data: listOf(codeBatch),
});

export const adminExportCodes = endpoint({
  method: 'GET',
  path: '/admin/credits/codes/export',
  access: 'admin',
  summary: 'A batch as CSV: each code’s last four characters, status, redeemer and time',
  tags: ['credits', 'admin'],
  query: z.object({ batchId: queryInt(z.number().int().positive()) }),
  data: z.object({ filename: z.string(), csv: z.string() }),
});

export const adminDisableCodeBatch = endpoint({
  method: 'POST',
  path: '/admin/credits/codes/disable',
  access: 'admin',
  summary:
    'Disable a code batch (its unused codes are refused, redeemed ones keep their history) or enable it again',
  tags: ['credits', 'admin'],
  body: z.object({ id: z.number().int().positive(), disabled: z.boolean() }),
  data: codeBatch,
});

export const adminAdjustBalance = endpoint({
  method: 'POST',
  path: '/admin/credits/adjust',
  access: 'admin',
  summary: 'Add or remove credits of a user, with a reason (one ledger row)',
  tags: ['credits', 'admin'],
  body: z.object({
    userId: z.number().int().positive(),
    amount: z
      .number()
      .int()
      .min(-10_000_000)
      .max(10_000_000)
      .refine((v) => v !== 0, { message: 'must not be 0' }),
    reason: z.string().trim().min(1).max(500),
  }),
  data: z.object({ balanceAfter: z.number().int() }),
});

export const adminLedgerEntry = ledgerEntry.extend({
  userId: z.number().int(),
  note: z.string(),
  actorId: z.number().int().nullable(),
  hiddenAt: isoTime.nullable(),
});

export const adminListLedger = endpoint({
  method: 'GET',
  path: '/admin/credits/ledger',
  access: 'admin',
  summary: 'Ledger rows, newest first, of one user or everyone',
  tags: ['credits', 'admin'],
  query: pageQuery.extend({ userId: queryInt(z.number().int().positive()).optional() }),
  data: listOf(adminLedgerEntry),
});

export const creditSettings = z.object({
  guestTrial: z.number().int().min(0).max(1_000_000),
  registerGift: z.number().int().min(0).max(1_000_000),
  inviteReward: z.number().int().min(0).max(1_000_000),
  dailyCheckin: z.number().int().min(0).max(1_000_000),
  vipDiscountPercent: z.number().int().min(0).max(100),
  holdTtlSeconds: z
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600),
  /** Invite rewards one inviter is paid a day at most (more wait, pending, for the next day). */
  inviteDailyCap: z.number().int().min(1).max(100_000),
  /** Translations and prompt suggestions a signed-in user gets free a day. */
  wordFreePerDay: z.number().int().min(0).max(100_000),
  /** The same for a guest, who cannot pay for more. */
  guestWordFreePerDay: z.number().int().min(0).max(100_000),
  /**
   * Sign-ups of one IP a day that get the sign-up gift; later ones start at 0, wait a growing
   * delay and meet the captcha. 0: no limit. Until set here, SIGNUP_GIFTS_PER_IP says.
   */
  signupGiftsPerIp: z.number().int().min(0).max(100_000),
});
export type CreditSettings = z.infer<typeof creditSettings>;

export const adminGetSettings = endpoint({
  method: 'GET',
  path: '/admin/credits/settings',
  access: 'admin',
  summary: 'Gift, reward and discount amounts',
  tags: ['credits', 'admin'],
  data: creditSettings,
});

export const adminUpdateSettings = endpoint({
  method: 'POST',
  path: '/admin/credits/settings',
  access: 'admin',
  summary: 'Change gift, reward and discount amounts (only the fields sent)',
  tags: ['credits', 'admin'],
  body: creditSettings.partial(),
  data: creditSettings,
});

export const inviteStatus = z.enum(['pending', 'paid']);

export const myInvites = endpoint({
  method: 'GET',
  path: '/user/invites',
  access: 'user',
  summary:
    'My invite code and the people who signed up with it: each reward pending until they first buy credits or spend more than their gifts',
  tags: ['credits', 'user'],
  query: pageQuery,
  data: listOf(
    z.object({
      /** The invitee's display name. */
      name: z.string(),
      createdAt: isoTime,
      status: inviteStatus,
      amount: z.number().int(),
      paidAt: isoTime.nullable(),
    }),
  ).extend({
    inviteCode: z.string().nullable(),
    /** What one invite pays now, and how many a day at most. */
    reward: z.number().int(),
    dailyCap: z.number().int(),
    pendingCredits: z.number().int(),
    paidCredits: z.number().int(),
  }),
});
