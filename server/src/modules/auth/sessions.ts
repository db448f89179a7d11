import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { nowIso } from '../../db/database.js';
import { hashToken } from '../../http/identity.js';
import type { Executor } from '../../db/executor.js';
import { ipKey } from '../../lib/ip-key.js';
import { deviceName } from './user-agent.js';

/** Where a sign-in comes from: becomes the login device row. */
export interface DeviceInfo {
  userAgent: string;
  ip: string;
}

export const deviceOf = (req: FastifyRequest): DeviceInfo => ({
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
  ip: req.ip,
});

/**
 * Opens a session (one login device) and returns its token. Only the token's SHA-256 is stored;
 * the token itself is 256 random bits and leaves the server once, in this answer.
 */
export async function openSession(
  db: Executor,
  config: Pick<AppConfig, 'sessionTtlDays'>,
  userId: number,
  device: DeviceInfo,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      device_name: deviceName(device.userAgent),
      user_agent: device.userAgent,
      ip: device.ip,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + config.sessionTtlDays * 86_400_000).toISOString(),
    })
    .execute();
  // Remembered beyond the session: wrong passwords from elsewhere do not slow the owner down
  // here, even once signed out (lockout.ts).
  await db
    .insertInto('known_addresses')
    .values({ user_id: userId, ip: ipKey(device.ip), last_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_at: now.toISOString() }))
    .execute();
  return token;
}

/** Signs out every device of a user (password change or reset). */
export async function closeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Forgets a user's expired sessions; called on sign-in so the table does not grow forever. */
export async function dropExpiredSessions(db: Executor, userId: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', nowIso())
    .execute();
}

/** Marks a session as used now (its device list entry); the expiry is left to the sign-in check. */
export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: nowIso() })
    .where('id', '=', sessionId)
    .execute();
}

/** Signs one session out (the caller's own, on logout). */
export async function closeSession(db: Executor, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Signs out one of the user's devices; whether it was theirs and still there. */
export async function closeOwnSession(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's live sessions (login devices), last used first. */
export const liveSessions = (db: Executor, userId: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'device_name', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
