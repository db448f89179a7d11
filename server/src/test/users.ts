import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../db/database.js';
import { hashToken } from '../http/identity.js';

export interface TestUser {
  userId: number;
  /** A session token to send as `Authorization: Bearer <token>` (see `bearer`). */
  token: string;
  username: string;
}

/**
 * A registered user with a live session, written straight to the tables (tests of any module
 * can have users and admins without going through sign-up).
 */
export async function createUser(
  app: FastifyInstance,
  options: { role?: 'user' | 'admin'; username?: string } = {},
): Promise<TestUser> {
  const db = app.ctx.db.kysely;
  const username = options.username ?? `u_${randomBytes(5).toString('hex')}`;
  const now = nowIso();
  const user = await db
    .insertInto('users')
    .values({
      kind: 'registered',
      role: options.role ?? 'user',
      username,
      username_key: username.toLowerCase(),
      email: null,
      email_key: null,
      password_hash: null,
      guest_id: null,
      invite_code: null,
      invited_by: null,
      signup_keyword: null,
      signup_bd_vid: null,
      signup_source: null,
      merged_into: null,
      disabled_at: null,
      last_login_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      device_name: 'Test',
      user_agent: 'vitest',
      ip: '127.0.0.1',
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
    })
    .execute();
  return { userId: user.id, token, username };
}
