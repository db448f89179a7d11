import type { FastifyInstance } from 'fastify';
import * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { auditSubject } from '../../http/audit.js';
import { route } from '../../http/route.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { authMessages } from './messages.js';
import { generatePassword, hashPassword } from './passwords.js';
import { closeAllSessions } from './sessions.js';

/*
 * What an operator does to an account (console → Users): its detail, ban (every session ends
 * in the same transaction, so the user's next call is a 401) and unban, a new password, the
 * admin role. Never yourself: an admin cannot ban or demote the account they are using.
 */

async function registered(ctx: AppContext, id: number) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const count = (n: unknown) => Number(n ?? 0);

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
  const tasks = await db
    .selectFrom('tasks')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 4).then(1).else(0).end()).as('failed'),
    ])
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  const orders = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('status', 'in', ['paid', 'refunded']).then(1).else(0).end())
        .as('paid'),
    ])
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
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
    tasks: { total: count(tasks.total), failed: count(tasks.failed) },
    orders: { total: count(orders.total), paid: count(orders.paid) },
  };
}

const notYourself = (ctx: { identity: { userId: number } }, id: number) => {
  if (ctx.identity.userId === id) throw new AppError(409, authMessages.notYourself);
};

export function adminUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.kysely;
  auditSubject(ctx, '/admin/users', async (c, id) => {
    const row = await c.db.kysely
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role', 'disabled_at', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  });

  route(app, A.getUser, async ({ query }) => userDetail(ctx, query.id));

  route(app, A.banUser, async (c) => {
    const { id, banned } = c.body;
    notYourself(c, id);
    await registered(ctx, id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ disabled_at: banned ? nowIso() : null, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      if (banned) await closeAllSessions(trx, id);
    });
    return userDetail(ctx, id);
  });

  route(app, A.resetPassword, async ({ body }) => {
    await registered(ctx, body.id);
    const password = body.password ?? generatePassword();
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: hash, updated_at: nowIso() })
        .where('id', '=', body.id)
        .execute();
      await closeAllSessions(trx, body.id);
      await clearFailures(trx, lockKeyOf({ id: body.id }, ''));
    });
    return { password };
  });

  route(app, A.setRole, async (c) => {
    const { id, role } = c.body;
    notYourself(c, id);
    await registered(ctx, id);
    await db
      .updateTable('users')
      .set({ role, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return userDetail(ctx, id);
  });
}
