import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { auth, credits } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { dayIn } from './checkin.js';
import { t, admin, balanceOf, db, createCodes, useCreditsApp } from './routes.setup.js';

useCreditsApp();

describe('redemption codes', () => {
  it('creates a batch of ≥80-bit codes stored hashed; redeeming adds credits and VIP once', async () => {
    const { codes, csv, batch } = await createCodes({
      count: 3,
      credits: 25,
      vipDays: 7,
      label: 'launch',
    });
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(csv.split('\n')[1]).toContain(codes[0]);
    const stored = await db()
      .selectFrom('redeem_codes')
      .selectAll()
      .where('batch_id', '=', batch.id)
      .execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));

    const u = await createUser(t.app);
    const res = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]!.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('25');
    expect(res.body.data.balance).toMatchObject({ credits: 25, isVip: true });
    const again = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]! },
    });
    expect(again.status).toBe(409);

    const listed = await callEndpoint(t.app, credits.adminListCodeBatches, { token: admin.token });
    expect(listed.body.data.rows.find((b) => b.id === batch.id)).toMatchObject({
      count: 3,
      redeemed: 1,
    });
    const exported = await callEndpoint(t.app, credits.adminExportCodes, {
      token: admin.token,
      query: { batchId: batch.id },
    });
    expect(exported.body.data.csv).toContain(u.username);
    expect(exported.body.data.csv).toContain('redeemed');
    for (const c of codes) expect(exported.body.data.csv).not.toContain(c);
    const recharge = await callEndpoint(t.app, credits.topUpLog, { token: u.token });
    expect(recharge.body.data.rows).toMatchObject([{ kind: 'redeem', amount: 25, vipDays: 7 }]);
  });

  it('two concurrent redeems of one code: exactly one succeeds', async () => {
    const { codes } = await createCodes({ count: 1, credits: 40 });
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const results = await Promise.all([
      callEndpoint(t.app, credits.redeem, { token: a.token, body: { code: codes[0]! } }),
      callEndpoint(t.app, credits.redeem, { token: b.token, body: { code: codes[0]! } }),
      callEndpoint(t.app, credits.redeem, { token: a.token, body: { code: codes[0]! } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const total =
      (await balanceOf(bearer(a.token))).credits + (await balanceOf(bearer(b.token))).credits;
    expect(total).toBe(40);
  });

  it('an expired code is refused with a notice', async () => {
    const { codes } = await createCodes({
      count: 1,
      credits: 5,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const u = await createUser(t.app);
    const res = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]! },
    });
    expect(res.status).toBe(420);
    expect(res.body.message).toContain('expired');
  });

  it('the 6th wrong code in 10 minutes answers 429, per user and per IP', async () => {
    const { codes } = await createCodes({ count: 2, credits: 5 });
    const u = await createUser(t.app);
    const wrong = () => `WRONG-${randomUUID().slice(0, 5)}-CODE1-AAAAA`;
    for (let i = 0; i < 5; i++) {
      const res = await callEndpoint(t.app, credits.redeem, {
        token: u.token,
        body: { code: wrong() },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.status).toBe(404);
    }
    // Per user: even from a new IP and with a right code, the 6th try is refused.
    const sixth = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]! },
      remoteAddress: '10.1.0.99',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toContain('10 minutes');

    // Per IP: five users each guessing once from one address.
    for (let i = 0; i < 5; i++) {
      const other = await createUser(t.app);
      const res = await callEndpoint(t.app, credits.redeem, {
        token: other.token,
        body: { code: wrong() },
        remoteAddress: '10.2.0.1',
      });
      expect(res.status).toBe(404);
    }
    const fresh = await createUser(t.app);
    const blocked = await callEndpoint(t.app, credits.redeem, {
      token: fresh.token,
      body: { code: codes[1]! },
      remoteAddress: '10.2.0.1',
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await callEndpoint(t.app, credits.redeem, {
      token: fresh.token,
      body: { code: codes[1]! },
      remoteAddress: '10.3.0.1',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('check-in', () => {
  it('grants the daily reward once a day (420 the second time) and shows the month and streak', async () => {
    const u = await createUser(t.app);
    const today = dayIn(t.app.ctx.config.timeZone);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await db()
      .insertInto('credit_checkins')
      .values({ user_id: u.userId, day: yesterday, credits: 0, created_at: nowIso() })
      .execute();
    const first = await callEndpoint(t.app, credits.checkin, { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ credits: 10, streak: 2, day: today });
    expect(first.body.data.balance.credits).toBe(10);
    const second = await callEndpoint(t.app, credits.checkin, { token: u.token });
    expect(second.status).toBe(420);
    expect(second.body.message).toContain('already checked in');
    expect((await balanceOf(bearer(u.token))).credits).toBe(10);

    const cal = await callEndpoint(t.app, credits.checkinCalendar, { token: u.token });
    expect(cal.body.data).toMatchObject({
      checkedInToday: true,
      streak: 2,
      month: today.slice(0, 7),
    });
    expect(cal.body.data.days).toContain(today);

    const g = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
    expect((await callEndpoint(t.app, credits.checkin, { guestId: g })).status).toBe(401);
  });

  it('uses the reward an admin configured', async () => {
    const h = bearer(admin.token);
    const changed = await callEndpoint(t.app, credits.adminUpdateSettings, {
      headers: h,
      body: {
        dailyCheckin: 3,
      },
    });
    expect(changed.body.data).toMatchObject({ dailyCheckin: 3, registerGift: 100 });
    const u = await createUser(t.app);
    expect((await callEndpoint(t.app, credits.checkin, { token: u.token })).body.data.credits).toBe(
      3,
    );
    await callEndpoint(t.app, credits.adminUpdateSettings, {
      headers: h,
      body: { dailyCheckin: 10 },
    });
    expect(
      (await callEndpoint(t.app, credits.adminGetSettings, { headers: h })).body.data.dailyCheckin,
    ).toBe(10);
  });
});
