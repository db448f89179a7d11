import type * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../http/errors.js';
import { orderCountsOf } from '../payments/index.js';
import { taskCountsOf } from '../tasks/index.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { closeAllSessions } from './sessions.js';

/*
 * What an operator does to an account (console → Users): its detail, ban (every session ends
 * in the same transaction, so the user's next call is a 401) and unban, a new password, the
 * admin role: the queries, which admin-user-routes.ts calls. A user's tasks and orders are
 * counted by their modules.
 */

export async function registered(ctx: AppContext, id: number) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function userDetail(ctx: AppContext, id: number): Promise<A.UserDetail> {
  const db = ctx.db.kysely;
  const user = await registered(ctx, id);
  const balance = await ctx.balances.read(id);
  const devices = await db
    .selectFrom('sessions')
    .select(['id', 'device_name', 'ip', 'last_seen_at'])
    .where('user_id', '=', id)
    .where('expires_at', '>', nowIso())
    .orderBy('last_seen_at', 'desc')
    .execute();
  const tasks = await taskCountsOf(db, id);
  const orders = await orderCountsOf(db, id);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    banned: user.disabled_at !== null,
    createdAt: user.created_at,
    lastLoginAt: user.last_login_at,
    credits: balance.credits,
    isVip: balance.isVip,
    vipUntil: balance.hh_vip_time,
    devices: devices.map((d) => ({
      id: d.id,
      deviceName: d.device_name,
      ip: d.ip,
      lastSeenAt: d.last_seen_at,
    })),
    tasks,
    orders,
  };
}

/** The audit log's "before" of an account. */
export const auditedUser = async (db: Executor, id: number) =>
  (await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role', 'disabled_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst()) ?? null;

/** Bans (every session ends in the same transaction) or unbans an account. */
export async function setBanned(ctx: AppContext, id: number, banned: boolean): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ disabled_at: banned ? nowIso() : null, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (banned) await closeAllSessions(trx, id);
  });
}

/** A new password: every session ends and the failed sign-ins are forgotten. */
export async function setPassword(ctx: AppContext, id: number, hash: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await closeAllSessions(trx, id);
    await clearFailures(trx, lockKeyOf({ id }, ''));
  });
}

export async function setRole(ctx: AppContext, id: number, role: 'user' | 'admin') {
  await ctx.db.kysely
    .updateTable('users')
    .set({ role, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
