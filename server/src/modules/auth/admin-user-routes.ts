import type { FastifyInstance } from 'fastify';
import * as A from '@atelier/contracts/admin';
import { AppError } from '../../http/errors.js';
import { auditSubject } from '../../http/audit.js';
import { route } from '../../http/route.js';
import {
  auditedUser,
  registered,
  setBanned,
  setPassword,
  setRole,
  userDetail,
} from './admin-users.js';
import { authMessages } from './messages.js';
import { generatePassword, hashPassword } from './passwords.js';

/*
 * What an operator does to an account (console → Users): its detail, ban and unban, a new
 * password, the admin role. Never yourself: an admin cannot ban or demote the account they are
 * using. The queries are admin-users.ts's.
 */

const notYourself = (ctx: { identity: { userId: number } }, id: number) => {
  if (ctx.identity.userId === id) throw new AppError(409, authMessages.notYourself);
};

export function adminUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  auditSubject(ctx, '/admin/users', async (c, id) => auditedUser(c.db.kysely, id));

  route(app, A.getUser, async ({ query }) => userDetail(ctx, query.id));

  route(app, A.banUser, async (c) => {
    const { id, banned } = c.body;
    notYourself(c, id);
    await registered(ctx, id);
    await setBanned(ctx, id, banned);
    return userDetail(ctx, id);
  });

  route(app, A.resetPassword, async ({ body }) => {
    await registered(ctx, body.id);
    const password = body.password ?? generatePassword();
    await setPassword(ctx, body.id, await hashPassword(password));
    return { password };
  });

  route(app, A.setRole, async (c) => {
    const { id, role } = c.body;
    notYourself(c, id);
    await registered(ctx, id);
    await setRole(ctx, id, role);
    return userDetail(ctx, id);
  });
}
