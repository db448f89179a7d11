import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { auth, credits } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, guest } from '../../test/harness.js';
import { grant, ledgerCheck } from './ledger.js';
import { t, admin, balanceOf, db, useCreditsApp } from './routes.setup.js';

useCreditsApp();

describe('prices', () => {
  it('lists action prices and model info for the Offline demo models, to anyone', async () => {
    const prices = await callEndpoint(t.app, credits.actionPrices);
    expect(prices.status).toBe(200);
    const categories = new Set(prices.body.data.rows.map((p) => p.category));
    expect([...categories].sort()).toEqual([
      'chat',
      'image',
      'music',
      'separation',
      'speech',
      'transcription',
      'video',
    ]);
    expect(prices.body.data.rows.every((p) => p.credits > 0 || p.inputPer1k > 0)).toBe(true);
    const models = await callEndpoint(t.app, credits.modelPrices);
    const image = models.body.data.rows.find((m) => m.model === 'demo-image')!;
    expect(image.label).toContain('Offline demo');
    expect(image.capabilities).toEqual(expect.arrayContaining(['imagine', 'upscale', 'variation']));
  });

  it('lets an admin create, change and delete prices; a duplicate is 409', async () => {
    const h = bearer(admin.token);
    const created = await callEndpoint(t.app, credits.adminCreatePrice, {
      headers: h,
      body: {
        model: 'gpt-test',
        action: 'chat',
        category: 'chat',
        label: 'GPT test',
        unit: '1k_tokens',
        inputPer1k: 3,
        outputPer1k: 6,
        vipDiscountPercent: 20,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ priceKey: 'gpt-test:chat', vipDiscountPercent: 20 });
    const dup = await callEndpoint(t.app, credits.adminCreatePrice, {
      headers: h,
      body: {
        model: 'gpt-test',
        action: 'chat',
        category: 'chat',
        label: 'again',
      },
    });
    expect(dup.status).toBe(409);
    const updated = await callEndpoint(t.app, credits.adminUpdatePrice, {
      headers: h,
      body: {
        id: created.body.data.id,
        outputPer1k: 8,
        enabled: false,
      },
    });
    expect(updated.body.data).toMatchObject({ outputPer1k: 8, inputPer1k: 3, enabled: false });
    const publicList = await callEndpoint(t.app, credits.actionPrices);
    expect(publicList.body.data.rows.some((p) => p.priceKey === 'gpt-test:chat')).toBe(false);
    const adminList = await callEndpoint(t.app, credits.adminListPrices, { headers: h });
    expect(adminList.body.data.rows.some((p) => p.priceKey === 'gpt-test:chat')).toBe(true);
    expect(
      (
        await callEndpoint(t.app, credits.adminDeletePrice, {
          headers: h,
          body: { id: created.body.data.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await callEndpoint(t.app, credits.adminDeletePrice, {
          headers: h,
          body: { id: created.body.data.id },
        })
      ).status,
    ).toBe(404);
    const bad = await callEndpoint(t.app, credits.adminCreatePrice, {
      headers: h,
      body: {
        model: 'x',
        action: 'y',
        category: 'chat',
        label: 'z',
        credits: -1,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('credits');
  });
});

describe('gifts and guests', () => {
  const createGuest = async () => {
    const id = randomUUID();
    expect((await callEndpoint(t.app, auth.createGuest, { body: { guest_id: id } })).status).toBe(
      200,
    );
    return id;
  };
  const register = async (
    username: string,
    headers: Record<string, string> = {},
    invitedBy?: string | null,
  ) => {
    const res = await callEndpoint(t.app, auth.register, {
      headers: headers,
      body: {
        username,
        password: 'a-good-password',
        ...(invitedBy ? { invitedBy } : {}),
      },
    });
    expect(res.status).toBe(200);
    return res.body.data.token;
  };
  const info = async (token: string) =>
    (await callEndpoint(t.app, auth.currentUser, { token: token })).body.data;

  it('gives a guest its trial, moves it on registration with the register gift, and records the invite once', async () => {
    const g = await createGuest();
    expect((await balanceOf(guest(g))).credits).toBe(20);
    // Creating the same guest again grants nothing more.
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
    expect((await balanceOf(guest(g))).credits).toBe(20);

    const inviterToken = await register(`inviter_${Date.now()}`);
    const inviter = await info(inviterToken);
    expect(inviter.userBalance.credits).toBe(100);

    const token = await register(`invitee_${Date.now()}`, guest(g), inviter.userInfo.inviteCode);
    const me = await info(token);
    expect(me.userBalance.credits).toBe(120);
    // The inviter's reward waits for the invitee's first purchase or paid use (invites.test.ts).
    expect((await info(inviterToken)).userBalance.credits).toBe(100);

    const kinds = (
      await callEndpoint(t.app, credits.balanceLog, { token: token })
    ).body.data.rows.map((r) => [r.kind, r.amount]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['guest_transfer', 20],
        ['register_gift', 100],
      ]),
    );
    const guestRow = await db()
      .selectFrom('users')
      .select('id')
      .where('guest_id', '=', g)
      .executeTakeFirstOrThrow();
    const guestLedger = await db()
      .selectFrom('credit_ledger')
      .select(['kind', 'amount'])
      .where('user_id', '=', guestRow.id)
      .orderBy('id')
      .execute();
    expect(guestLedger).toEqual([
      { kind: 'guest_trial', amount: 20 },
      { kind: 'guest_transfer', amount: -20 },
    ]);

    // The registered event again (a retry) rewards the inviter no second time.
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const handler of t.app.ctx.accountEvents.registered)
          await handler(trx, {
            userId: me.userInfo.id,
            inviterId: inviter.userInfo.id,
            fromGuestUserId: null,
            sameIp: 0,
            sameDevice: 0,
          });
      });
    expect((await info(inviterToken)).userBalance.credits).toBe(100);
    expect(
      await db()
        .selectFrom('invite_rewards')
        .select('status')
        .where('invitee_id', '=', me.userInfo.id)
        .execute(),
    ).toEqual([{ status: 'pending' }]);
    expect((await info(token)).userBalance.credits).toBe(120);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('signing in from a fresh guest does not farm its trial, but bought credits move', async () => {
    const username = `farmer_${Date.now()}`;
    const token = await register(username);
    const g = await createGuest();
    const guestId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('guest_id', '=', g)
        .executeTakeFirstOrThrow()
    ).id;
    await grant(db(), {
      userId: guestId,
      amount: 7,
      kind: 'redeem',
      ref: 'test',
      idempotencyKey: `guest-redeem:${guestId}`,
    });
    const login = await callEndpoint(t.app, auth.login, {
      guestId: g,
      body: {
        username,
        password: 'a-good-password',
      },
    });
    expect(login.status).toBe(200);
    expect((await info(token)).userBalance.credits).toBe(107);
    expect(await ledgerCheck(db())).toEqual([]);
  });
});
