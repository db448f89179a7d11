import { describe, expect, it } from 'vitest';
import { credits } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createUser } from '../../test/users.js';
import { t, admin, db, createCodes, useCreditsApp } from './routes.setup.js';

useCreditsApp();

const setDisabled = (id: number, disabled: boolean) =>
  callEndpoint(t.app, credits.adminDisableCodeBatch, {
    token: admin.token,
    headers: { 'x-lang': 'en-US' },
    body: { id, disabled },
  });

const redeem = (token: string, code: string, remoteAddress = '10.9.0.1') =>
  callEndpoint(t.app, credits.redeem, {
    token,
    headers: { 'x-lang': 'en-US' },
    body: { code },
    remoteAddress,
  });

const redeemedIn = async (batchId: number) =>
  (
    await db()
      .selectFrom('redeem_codes')
      .select('id')
      .where('batch_id', '=', batchId)
      .where('redeemed_at', 'is not', null)
      .execute()
  ).length;

describe('disabling a code batch', () => {
  it('refuses its unused codes in words, keeps the used ones’ history, shows the state, can be undone, and is audited', async () => {
    const { codes, batch } = await createCodes({ count: 3, credits: 15, label: 'leaked' });
    const early = await createUser(t.app);
    expect((await redeem(early.token, codes[0]!)).status).toBe(200);

    const disabled = await setDisabled(batch.id, true);
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ id: batch.id, redeemed: 1 });
    expect(disabled.body.data.disabledAt).not.toBeNull();
    const listed = await callEndpoint(t.app, credits.adminListCodeBatches, { token: admin.token });
    expect(listed.body.data.rows.find((b) => b.id === batch.id)!.disabledAt).toBe(
      disabled.body.data.disabledAt,
    );

    const late = await createUser(t.app);
    const refused = await redeem(late.token, codes[1]!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This redemption code has been disabled');
    expect((await t.app.ctx.balances.read(late.userId)).credits).toBe(0);
    // The code redeemed before keeps its credits and its line in the export.
    expect((await t.app.ctx.balances.read(early.userId)).credits).toBe(15);
    const exported = await callEndpoint(t.app, credits.adminExportCodes, {
      token: admin.token,
      query: { batchId: batch.id },
    });
    const lines = exported.body.data.csv.trim().split('\n').slice(1);
    expect(lines.filter((l) => l.includes(',redeemed,'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(',disabled,'))).toHaveLength(2);
    expect(exported.body.data.csv).toContain(early.username);

    const audit = await callEndpoint(t.app, A.listAudit, {
      token: admin.token,
      query: { action: '/admin/credits/codes/disable' },
    });
    expect(audit.body.data.rows[0]).toMatchObject({
      target: `id:${batch.id}`,
      before: { disabled_at: null },
      after: { disabled_at: disabled.body.data.disabledAt },
    });

    const enabled = await setDisabled(batch.id, false);
    expect(enabled.body.data.disabledAt).toBeNull();
    expect((await redeem(late.token, codes[1]!)).status).toBe(200);
    expect((await t.app.ctx.balances.read(late.userId)).credits).toBe(15);
  });

  it('answers 404 for no such batch and 403 to a user', async () => {
    expect((await setDisabled(999_999, true)).status).toBe(404);
    const u = await createUser(t.app);
    const res = await callEndpoint(t.app, credits.adminDisableCodeBatch, {
      token: u.token,
      body: { id: 1, disabled: true },
    });
    expect(res.status).toBe(403);
  });

  it('no code is redeemed after the disable committed, however the redeems interleave', async () => {
    const { codes, batch } = await createCodes({ count: 12, credits: 1 });
    const users = await Promise.all(codes.map(() => createUser(t.app)));
    const redeems = codes.map((code, i) => redeem(users[i]!.token, code, `10.8.0.${i + 1}`));
    const disable = setDisabled(batch.id, true);
    expect((await disable).status).toBe(200);
    const atCommit = await redeemedIn(batch.id);
    const results = await Promise.all(redeems);
    expect(await redeemedIn(batch.id)).toBe(atCommit);
    expect(results.filter((r) => r.status === 200)).toHaveLength(atCommit);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
  });
});
