import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Access } from '@atelier/contracts';
import type { AppContext } from '../context.js';
import { compiledOnce } from '../db/compiled.js';
import { AppError, forbidden, notSignedIn } from './errors.js';
import { common } from './messages.js';

export interface Identity {
  userId: number;
  role: 'guest' | 'user' | 'admin';
  isGuest: boolean;
  /** The login session (device) of a signed-in user; null for a guest. */
  sessionId: number | null;
  guestId: string | null;
}

/** Session tokens are stored only as this hash. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Sliding expiry is written at most this often per session, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const GUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Credentials {
  bearer?: string;
  guestId?: string;
}

export function readCredentials(req: Pick<FastifyRequest, 'headers'>): Credentials {
  const auth = req.headers.authorization;
  const found: Credentials = {};
  if (typeof auth === 'string') {
    const [scheme, value] = auth.split(' ', 2);
    if (scheme?.toLowerCase() === 'bearer' && value) found.bearer = value.trim();
    if (scheme?.toLowerCase() === 'guestid' && value) found.guestId = value.trim();
  }
  const header = req.headers.guestid;
  if (!found.guestId && typeof header === 'string' && header) found.guestId = header.trim();
  return found;
}

/** The session of a token's hash that has not expired, with its user (compiled once). */
const sessionOf = compiledOnce((db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at',
      'users.id as userId',
      'users.role',
      'users.disabled_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now),
);

async function sessionIdentity(ctx: AppContext, token: string): Promise<Identity | null> {
  const now = new Date();
  const [row] = await sessionOf(ctx.db.kysely, hashToken(token), now.toISOString());
  if (!row || row.disabled_at) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    const ttl = ctx.config.sessionTtlDays * 24 * 3600 * 1000;
    await ctx.db.kysely
      .updateTable('sessions')
      .set({
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ttl).toISOString(),
      })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return {
    userId: row.userId,
    role: row.role,
    isGuest: row.role === 'guest',
    sessionId: row.sessionId,
    guestId: null,
  };
}

async function guestIdentity(ctx: AppContext, guestId: string): Promise<Identity | null> {
  if (!GUEST_ID.test(guestId)) return null;
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'disabled_at'])
    .where('guest_id', '=', guestId.toLowerCase())
    .where('kind', '=', 'guest')
    .executeTakeFirst();
  if (!row || row.disabled_at) return null;
  return {
    userId: row.id,
    role: 'guest',
    isGuest: true,
    sessionId: null,
    guestId: guestId.toLowerCase(),
  };
}

/**
 * Resolves the caller and enforces the endpoint's access. A Bearer token that is not valid is
 * a 401 (the browser then drops it), except on public calls, which then serve an anonymous caller.
 */
export async function authorize(
  ctx: AppContext,
  req: FastifyRequest,
  access: Access,
): Promise<void> {
  const credentials = readCredentials(req);
  let identity: Identity | null = null;
  if (credentials.bearer) {
    identity = await sessionIdentity(ctx, credentials.bearer);
    if (!identity && access !== 'public') throw new AppError(401, common.sessionExpired);
  }
  if (!identity && credentials.guestId) identity = await guestIdentity(ctx, credentials.guestId);
  req.identity = identity;
  if (access === 'public') return;
  if (!identity) throw notSignedIn();
  if (access === 'identity') return;
  if (identity.isGuest) throw notSignedIn();
  if (access === 'admin' && identity.role !== 'admin') throw forbidden();
}
