import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../http/errors.js';
import { format } from '../../http/messages.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { startHoldSweeper } from './index.js';
import {
  adjust,
  grant,
  hold,
  ledgerCheck,
  quote,
  release,
  settle,
  sweepExpiredHolds,
} from './ledger.js';

let t: TestApp;
let db: Executor;
/** A registered user through the shared test helper; the ledger tests need only the id. */
const newUser = async (): Promise<number> => (await createUser(t.app)).userId;

const balanceOf = async (userId: number) =>
  (
    await db
      .selectFrom('credit_balances')
      .select('credits')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.credits ?? 0;

const status430 = (e: unknown) => e instanceof AppError && e.status === 430;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.ctx.db.kysely;
});
afterAll(async () => t.close());

describe('credits ledger', () => {
  it('grants once per idempotency key and extends VIP', async () => {
    const u = await newUser();
    const first = await grant(db, {
      userId: u,
      amount: 30,
      vipDays: 2,
      kind: 'purchase',
      ref: 'order:1',
      idempotencyKey: `test-order:${u}`,
    });
    expect(first).toEqual({ applied: true, balanceAfter: 30 });
    const again = await grant(db, {
      userId: u,
      amount: 30,
      vipDays: 2,
      kind: 'purchase',
      ref: 'order:1',
      idempotencyKey: `test-order:${u}`,
    });
    expect(again).toEqual({ applied: false, balanceAfter: 30 });
    const b = await db
      .selectFrom('credit_balances')
      .selectAll()
      .where('user_id', '=', u)
      .executeTakeFirstOrThrow();
    const days = (Date.parse(b.vip_until!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.99);
    expect(days).toBeLessThan(2.01);
  });

  it('joins the caller transaction: a rollback undoes the grant', async () => {
    const u = await newUser();
    await expect(
      db.transaction().execute(async (trx) => {
        await grant(trx, {
          userId: u,
          amount: 5,
          kind: 'purchase',
          ref: 'x',
          idempotencyKey: `rollback:${u}`,
        });
        throw new Error('payment bookkeeping failed');
      }),
    ).rejects.toThrow('payment bookkeeping failed');
    expect(await balanceOf(u)).toBe(0);
    const again = await grant(db, {
      userId: u,
      amount: 5,
      kind: 'purchase',
      ref: 'x',
      idempotencyKey: `rollback:${u}`,
    });
    expect(again.applied).toBe(true);
  });

  it('100 concurrent holds against a balance for exactly 10: 10 succeed, balance ends at 0', async () => {
    const u = await newUser();
    await grant(db, {
      userId: u,
      amount: 70,
      kind: 'purchase',
      ref: 'p',
      idempotencyKey: `c:${u}`,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => hold(db, { userId: u, amount: 7, ref: `job:${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(rejected.every((r) => status430(r.reason))).toBe(true);
    expect(await balanceOf(u)).toBe(0);
    expect(await ledgerCheck(db)).toEqual([]);
  });

  it('settles below the hold and refunds the rest; settle is idempotent, release after settle is 409', async () => {
    const u = await newUser();
    await grant(db, {
      userId: u,
      amount: 50,
      kind: 'purchase',
      ref: 'p',
      idempotencyKey: `s:${u}`,
    });
    const { holdId } = await hold(db, { userId: u, amount: 20, ref: 'draw:1' });
    expect(await balanceOf(u)).toBe(30);
    const s = await settle(db, { holdId, actualAmount: 12 });
    expect(s).toEqual({ applied: true, charged: 12, refunded: 8, balanceAfter: 38 });
    expect(await settle(db, { holdId, actualAmount: 20 })).toMatchObject({
      applied: false,
      charged: 12,
      balanceAfter: 38,
    });
    await expect(release(db, { holdId })).rejects.toMatchObject({ status: 409 });
    const used = await db
      .selectFrom('credit_balances')
      .select('used_credits')
      .where('user_id', '=', u)
      .executeTakeFirstOrThrow();
    expect(used.used_credits).toBe(12);
    await expect(
      settle(db, {
        holdId: (await hold(db, { userId: u, amount: 5, ref: 'x' })).holdId,
        actualAmount: 6,
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('release returns the whole hold once; settle after release is 409', async () => {
    const u = await newUser();
    await grant(db, {
      userId: u,
      amount: 10,
      kind: 'purchase',
      ref: 'p',
      idempotencyKey: `r:${u}`,
    });
    const { holdId } = await hold(db, { userId: u, amount: 10, ref: 'video:1' });
    expect((await release(db, { holdId })).applied).toBe(true);
    expect((await release(db, { holdId })).applied).toBe(false);
    expect(await balanceOf(u)).toBe(10);
    await expect(settle(db, { holdId, actualAmount: 1 })).rejects.toMatchObject({ status: 409 });
  });

  it('a hold with the same idempotency key is the same hold', async () => {
    const u = await newUser();
    await grant(db, {
      userId: u,
      amount: 10,
      kind: 'purchase',
      ref: 'p',
      idempotencyKey: `h:${u}`,
    });
    const [a, b] = await Promise.all([
      hold(db, { userId: u, amount: 4, ref: 'j', idempotencyKey: `job-key:${u}` }),
      hold(db, { userId: u, amount: 4, ref: 'j', idempotencyKey: `job-key:${u}` }),
    ]);
    expect(a.holdId).toBe(b.holdId);
    expect(await balanceOf(u)).toBe(6);
  });

  it('the sweeper releases a hold left open by a crash (never settled)', async () => {
    const u = await newUser();
    await grant(db, { userId: u, amount: 9, kind: 'purchase', ref: 'p', idempotencyKey: `w:${u}` });
    const { holdId } = await hold(db, { userId: u, amount: 9, ref: 'crashed', ttlSeconds: 60 });
    expect(await balanceOf(u)).toBe(0);
    expect(await sweepExpiredHolds(db)).toBe(0);
    const released = await sweepExpiredHolds(db, new Date(Date.now() + 61_000));
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(u)).toBe(9);
    const h = await db
      .selectFrom('credit_holds')
      .select('status')
      .where('id', '=', holdId)
      .executeTakeFirstOrThrow();
    expect(h.status).toBe('released');
  });

  it('the background sweeper of the serving process releases expired holds', async () => {
    const u = await newUser();
    await grant(db, {
      userId: u,
      amount: 6,
      kind: 'purchase',
      ref: 'p',
      idempotencyKey: `bg:${u}`,
    });
    await hold(db, { userId: u, amount: 6, ref: 'lost job', ttlSeconds: 0 });
    const task = startHoldSweeper(t.app.ctx, 20);
    try {
      const deadline = Date.now() + 25_000;
      while ((await balanceOf(u)) !== 6 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await task.stop();
    }
    expect(await balanceOf(u)).toBe(6);
  });

  it('not enough credits is a 430 that says what is needed, in each language', async () => {
    const u = await newUser();
    const error = await hold(db, { userId: u, amount: 3, ref: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.status).toBe(430);
    expect(format(e.text, 'en-US', e.params)).toBe(
      'Not enough credits: this needs 3, you have 0. Please recharge.',
    );
    expect(format(e.text, 'zh-CN', e.params)).toContain('积分不足');
    expect(format(e.text, 'zh-TW', e.params)).toContain('積分不足');
  });

  it('adjust answers 404 for a user that is not (or no longer) there, through the foreign key', async () => {
    await expect(
      adjust(db, { userId: 99_999_997, amount: 5, reason: 'gone', adminId: null }),
    ).rejects.toMatchObject({ status: 404, text: { 'en-US': 'No such user' } });
    const rows = await db
      .selectFrom('credit_balances')
      .select('user_id')
      .where('user_id', '=', 99_999_997)
      .execute();
    expect(rows).toEqual([]);
  });

  it('adjust records a reason and never goes below zero', async () => {
    const u = await newUser();
    expect(
      (await adjust(db, { userId: u, amount: 15, reason: 'goodwill', adminId: null })).balanceAfter,
    ).toBe(15);
    await expect(
      adjust(db, { userId: u, amount: -16, reason: 'oops', adminId: null }),
    ).rejects.toMatchObject({ status: 400 });
    expect(
      (await adjust(db, { userId: u, amount: -15, reason: 'fix', adminId: null })).balanceAfter,
    ).toBe(0);
    const row = await db
      .selectFrom('credit_ledger')
      .select(['note', 'kind'])
      .where('user_id', '=', u)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ note: 'fix', kind: 'admin_adjust' });
  });

  it('quotes per call and per 1,000 tokens, with the VIP discount', async () => {
    const prices = await db.selectFrom('credit_prices').selectAll().execute();
    expect(prices.length).toBeGreaterThan(5);
    const chat = prices.find((p) => p.unit === '1k_tokens')!;
    const draw = prices.find((p) => p.category === 'image' && p.unit === 'call')!;
    expect(await quote(db, { priceKey: draw.price_key })).toBe(draw.credits);
    expect(await quote(db, { priceKey: draw.price_key, units: 3 })).toBe(draw.credits * 3);
    const tokens = await quote(db, {
      priceKey: chat.price_key,
      units: { inputTokens: 1500, outputTokens: 2500 },
    });
    expect(tokens).toBe(
      Math.max(1, Math.ceil((1500 * chat.input_per_1k + 2500 * chat.output_per_1k) / 1000)),
    );
    await expect(quote(db, { priceKey: 'nope:nothing' })).rejects.toMatchObject({ status: 404 });

    const vip = await newUser();
    await grant(db, {
      userId: vip,
      amount: 0,
      vipDays: 30,
      kind: 'purchase',
      ref: 'p',
      idempotencyKey: `v:${vip}`,
    });
    await db
      .updateTable('credit_prices')
      .set({ vip_discount_percent: 50, credits: 10 })
      .where('id', '=', draw.id)
      .execute();
    expect(await quote(db, { priceKey: draw.price_key, userId: vip })).toBe(5);
    expect(await quote(db, { priceKey: draw.price_key, userId: await newUser() })).toBe(10);
    await db
      .updateTable('credit_prices')
      .set({ vip_discount_percent: draw.vip_discount_percent, credits: draw.credits })
      .where('id', '=', draw.id)
      .execute();
  });

  it('ledger-check finds no difference after 1,000 random mixed operations', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => newUser()));
    const open: Array<{ holdId: number; amount: number }> = [];
    let rnd = 42;
    const random = () => {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      return rnd / 2147483648;
    };
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const batch: Array<Promise<unknown>> = [];
    for (let i = 0; i < 1000; i++) {
      const u = pick(users);
      const op = random();
      const swallow = (p: Promise<unknown>) =>
        p.catch((e: unknown) => {
          if (!(e instanceof AppError)) throw e;
        });
      if (op < 0.25)
        batch.push(
          grant(db, {
            userId: u,
            amount: Math.floor(random() * 30),
            kind: pick(['purchase', 'redeem', 'checkin', 'refund'] as const),
            ref: `r${i}`,
            idempotencyKey: `rand:${i % 900}:${u}`,
          }),
        );
      else if (op < 0.55)
        batch.push(
          swallow(
            hold(db, { userId: u, amount: Math.floor(random() * 20), ref: `h${i}` }).then((h) =>
              open.push({ ...h, amount: 20 }),
            ),
          ),
        );
      else if (op < 0.75 && open.length) {
        const h = open.splice(Math.floor(random() * open.length), 1)[0]!;
        batch.push(
          swallow(settle(db, { holdId: h.holdId, actualAmount: Math.floor(random() * 3) })),
        );
      } else if (op < 0.9 && open.length) {
        const h = open.splice(Math.floor(random() * open.length), 1)[0]!;
        batch.push(swallow(release(db, { holdId: h.holdId })));
      } else
        batch.push(
          swallow(
            adjust(db, {
              userId: u,
              amount: Math.floor(random() * 20) - 8,
              reason: 'random',
              adminId: null,
            }),
          ),
        );
      if (batch.length >= 20) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
    await sweepExpiredHolds(db, new Date(Date.now() + 10 * 86_400_000));
    expect(await ledgerCheck(db)).toEqual([]);
    for (const u of users) expect(await balanceOf(u)).toBeGreaterThanOrEqual(0);
  });
});
