import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Access } from '@atelier/contracts';
import type { AppContext } from '../context.js';
import { compiledOnce } from '../db/compiled.js';
import type { Database } from '../db/schema.js';
import { AppError, forbidden, notSignedIn } from './errors.js';
import { common } from './messages.js';

/**
 * The account's profile columns (no secrets among them), read in the same statement that finds
 * the caller: getInfo, every screen's first call, answers from them without a second read of
 * `users`. Only fresh for the request that read them.
 */
export const accountColumns = [
  'id',
  'kind',
  'role',
  'username',
  'email',
  'nickname',
  'avatar',
  'sign',
  'persona_role',
  'invite_code',
  'created_at',
] as const;

export type AccountRow = Pick<Selectable<Database['users']>, (typeof accountColumns)[number]>;

export interface Identity {
  userId: number;
  role: 'guest' | 'user' | 'admin';
  isGuest: boolean;
  /** The login session (device) of a signed-in user; null for a guest. */
  sessionId: number | null;
  guestId: string | null;
  /** The account's profile as this request's identity step read it (see accountColumns). */
  account?: AccountRow;
}

/**
 * Session tokens are stored only as this hash. Node's one-shot `crypto.hash` (Node ≥ 20.12; we
 * ask ≥ 20.19) gives createHash's digest without a Hash object per signed-in request.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/** Sliding expiry is written at most this often per session, to keep reads read-only. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const GUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Credentials {
  bearer?: string;
  guestId?: string;
}

/** Whether the request carries a header readCredentials reads (checked without a promise). */
export const carriesCredentials = (req: Pick<FastifyRequest, 'headers'>): boolean =>
  req.headers.authorization !== undefined || req.headers.guestid !== undefined;

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

/**
 * The session of a token's hash that has not expired, with its user's state and profile: one
 * statement per signed-in request, read afresh each time (no cache: a revoked session or a
 * disabled account is refused on the very next request, whichever instance serves it).
 */
const sessionOf = compiledOnce((db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at',
      'users.disabled_at',
      ...accountColumns.map((c) => `users.${c}` as const),
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
    userId: row.id,
    role: row.role,
    isGuest: row.role === 'guest',
    sessionId: row.sessionId,
    guestId: null,
    // The row itself (its other columns are the session's and the account's state): no copy.
    account: row,
  };
}

/** A guest account by its browser's id, with its state and profile (compiled once). */
const guestOf = compiledOnce((db, guestId: string) =>
  db
    .selectFrom('users')
    .select(['disabled_at', ...accountColumns])
    .where('guest_id', '=', guestId)
    .where('kind', '=', 'guest'),
);

async function guestIdentity(ctx: AppContext, guestId: string): Promise<Identity | null> {
  if (!GUEST_ID.test(guestId)) return null;
  const id = guestId.toLowerCase();
  const [row] = await guestOf(ctx.db.kysely, id);
  if (!row || row.disabled_at) return null;
  return {
    userId: row.id,
    role: 'guest',
    isGuest: true,
    sessionId: null,
    guestId: id,
    // The row itself (its disabled_at besides the profile): no copy.
    account: row,
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
