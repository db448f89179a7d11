import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { VerifiedRegistrationResponse } from '@simplewebauthn/server';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/executor.js';
import { badRequest, conflict, notSignedIn } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { normalizeHost } from '../sites/index.js';
import { siteOfRequest, siteOrigin } from './mail.js';
import { passkeyMessages } from './passkey-messages.js';
import { webAuthn } from './webauthn.js';

/**
 * Passkeys (WebAuthn; docs/identity.md, Passkeys), through @simplewebauthn/server:
 * - the relying party is the site of the request: its own domain, or PUBLIC_URL's host for the
 *   default site; the expected origin is that host with PUBLIC_URL's scheme and port; never
 *   the Host a request claims (but `localhost` while PUBLIC_URL is a loopback address: an IP
 *   address is no RP ID, so development and the e2e run use localhost);
 * - every challenge is kept server-side only as its SHA-256, for CHALLENGE_TTL_MS, used once,
 *   bound to its purpose, its RP ID and, to register, the account;
 * - a sign-in checks the challenge, origin, RP ID, user presence and verification, the
 *   signature, and that the signature counter went up (taken in the same update, so a copied
 *   authenticator replaying an old counter is refused even when two answers race).
 * No challenge, credential or signature is logged: a refusal logs which check failed.
 */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_PASSKEYS = 20;
/** EdDSA, ES256, RS256: what authenticators make (offered and accepted alike). */
export const ALGORITHMS = [-8, -7, -257];

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type Purpose = 'sign-in' | 'register' | 'sign-up';

export interface RelyingParty {
  rpID: string;
  origin: string;
  siteName: Record<Lang, string>;
}

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]', '::1']);
/** Browsers treat http://localhost (and *.localhost) as a secure context, nothing else over http. */
const secure = (url: URL) =>
  url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname.endsWith('.localhost');

/** The relying party of this request's site, or null where passkeys cannot work. */
export async function relyingParty(ctx: Ctx, req: FastifyRequest): Promise<RelyingParty | null> {
  const site = await siteOfRequest(ctx, req);
  let origin = new URL(siteOrigin(ctx, site));
  if (
    !site?.domain &&
    LOOPBACK_IPS.has(origin.hostname) &&
    normalizeHost(req.hostname) === 'localhost'
  )
    origin = new URL(`${origin.protocol}//localhost${origin.port ? `:${origin.port}` : ''}`);
  if (isIP(origin.hostname.replace(/^\[|\]$/g, '')) !== 0 || !secure(origin)) return null;
  const fallback = origin.hostname;
  return {
    rpID: origin.hostname,
    origin: origin.origin,
    siteName: site?.name ?? { 'en-US': fallback, 'zh-CN': fallback, 'zh-TW': fallback },
  };
}

export async function requireRp(ctx: Ctx, req: FastifyRequest): Promise<RelyingParty> {
  const rp = await relyingParty(ctx, req);
  if (!rp) throw badRequest(passkeyMessages.off);
  return rp;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export async function newChallenge(
  ctx: Ctx,
  req: FastifyRequest,
  rp: RelyingParty,
  purpose: Purpose,
  userId: number | null,
  username: string | null = null,
): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  const now = Date.now();
  await ctx.db.kysely
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: sha256(challenge),
      purpose,
      user_id: userId,
      rp_id: rp.rpID,
      origin: rp.origin,
      ip: req.ip,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CHALLENGE_TTL_MS).toISOString(),
      username,
    })
    .execute();
  return challenge;
}

export const refusedField = (text = passkeyMessages.refused) => badRequest(text, {}, 'response');

/** The challenge the browser signed over (clientDataJSON), unchecked as yet. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string' && data.challenge.length <= 200) return data.challenge;
  } catch {
    // Not JSON: refused below.
  }
  throw refusedField();
}

/**
 * Takes the challenge the answer was made for: it must have been handed out here for this
 * purpose, RP ID (and account), be unused and in time. Used once, whatever follows.
 */
export async function takeChallenge(
  ctx: Ctx,
  clientDataJSON: string,
  purpose: Purpose,
  rp: RelyingParty,
  userId: number | null,
): Promise<string> {
  const challenge = signedChallenge(clientDataJSON);
  const now = nowIso();
  const taken = await ctx.db.kysely
    .updateTable('passkey_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', sha256(challenge))
    .where('purpose', '=', purpose)
    .where('rp_id', '=', rp.rpID)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(userId !== null, (q) => q.where('user_id', '=', userId))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) {
    ctx.log.warn({ purpose, check: 'challenge' }, 'passkey answer refused');
    throw refusedField(passkeyMessages.challengeGone);
  }
  return challenge;
}

/** The library's reason without the quoted values (challenges, counters, origins). */
export const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : 'unknown').replace(/"[^"]*"/g, '…').slice(0, 200);

/** The WebAuthn user handle of an account: stable, random-looking, no personal data in it. */
const userHandleOf = (ctx: Ctx, userId: number) =>
  createHmac('sha256', ctx.config.secretKey ?? 'atelier-passkeys')
    .update(`passkey-user\n${userId}`)
    .digest();

/** The passkeys of this site an account signs in with (for the last-way rule). */
export async function passkeyWays(
  ctx: Ctx,
  req: FastifyRequest,
  userId: number,
): Promise<number[]> {
  const rp = await relyingParty(ctx, req);
  if (!rp) return [];
  const rows = await ctx.db.kysely
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .where('rp_id', '=', rp.rpID)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- signing in

/** Options for `navigator.credentials.get()`: any passkey of this site (discoverable). */
export async function loginOptions(ctx: Ctx, req: FastifyRequest) {
  const rp = await requireRp(ctx, req);
  const challenge = await newChallenge(ctx, req, rp, 'sign-in', null);
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  return { options };
}

/**
 * Checks a sign-in answer and answers the account it signs in to (its counter moved on).
 * Refusals are 400s on `response`; the session itself is opened by the caller.
 */
export async function verifyPasskeyLogin(
  ctx: Ctx,
  req: FastifyRequest,
  response: identity.AuthenticationResponse,
): Promise<{ userId: number }> {
  const rp = await requireRp(ctx, req);
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, 'sign-in', rp, null);
  const db = ctx.db.kysely;
  const row = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', response.id)
    .executeTakeFirst();
  const handle = response.response.userHandle;
  if (!row || row.rp_id !== rp.rpID || (handle && handle !== row.user_handle)) {
    ctx.log.warn({ check: 'credential' }, 'passkey answer refused');
    throw refusedField(passkeyMessages.unknown);
  }
  let verified;
  try {
    verified = await (
      await webAuthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: row.credential_id,
        publicKey: Buffer.from(row.public_key, 'base64url'),
        counter: row.counter,
        transports: JSON.parse(row.transports) as string[],
      },
      requireUserVerification: true,
    });
  } catch (error) {
    const reason = reasonOf(error);
    ctx.log.warn({ check: 'assertion', reason, passkeyId: row.id }, 'passkey answer refused');
    throw refusedField(/counter/i.test(reason) ? passkeyMessages.cloned : undefined);
  }
  if (!verified.verified) throw refusedField();
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  // The counter moves on only from where it was read: a second answer with the same counter
  // (a copy of the authenticator, or a replay racing this one) finds it moved and is refused.
  const moved = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: nowIso(), backed_up: credentialBackedUp ? 1 : 0 })
    .where('id', '=', row.id)
    .where('counter', '=', row.counter)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw refusedField(passkeyMessages.cloned);
  return { userId: row.user_id };
}

// ---------------------------------------------------------------- registering

async function accountOf(ctx: Ctx, userId: number) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'nickname'])
    .where('id', '=', userId)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!row) throw notSignedIn();
  return row;
}

/** Options for `navigator.credentials.create()` for the signed-in account. */
export async function registerOptions(ctx: Ctx, req: FastifyRequest, lang: Lang, userId: number) {
  const rp = await requireRp(ctx, req);
  const account = await accountOf(ctx, userId);
  const own = await ctx.db.kysely
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .where('rp_id', '=', rp.rpID)
    .execute();
  if (own.length >= MAX_PASSKEYS) throw badRequest(passkeyMessages.tooMany);
  const challenge = await newChallenge(ctx, req, rp, 'register', userId);
  const name = account.username ?? `user${userId}`;
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: rp.siteName[lang],
    rpID: rp.rpID,
    userName: name,
    userDisplayName: account.nickname || name,
    userID: userHandleOf(ctx, userId),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: own.map((p) => ({
      id: p.credential_id,
      transports: JSON.parse(p.transports) as string[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { options };
}

/**
 * Checks an authenticator's answer to a registration challenge (user verification required);
 * any refusal is logged with its reason and answered as a 400 on `response`.
 */
export async function checkRegistration(
  ctx: Ctx,
  rp: RelyingParty,
  challenge: string,
  response: identity.RegistrationResponse,
): Promise<VerifiedRegistrationResponse & { verified: true }> {
  let verified;
  try {
    verified = await (
      await webAuthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    ctx.log.warn({ check: 'attestation', reason: reasonOf(error) }, 'passkey answer refused');
    throw refusedField();
  }
  if (!verified.verified) throw refusedField();
  return verified;
}

/** Checks the authenticator's answer and keeps the new passkey under `name`. */
export async function savePasskey(
  ctx: Ctx,
  req: FastifyRequest,
  userId: number,
  name: string,
  response: identity.RegistrationResponse,
): Promise<number> {
  const rp = await requireRp(ctx, req);
  await accountOf(ctx, userId);
  const challenge = await takeChallenge(
    ctx,
    response.response.clientDataJSON,
    'register',
    rp,
    userId,
  );
  const verified = await checkRegistration(ctx, rp, challenge, response);
  const db = ctx.db.kysely;
  const count = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_PASSKEYS) throw badRequest(passkeyMessages.tooMany);
  return insertPasskey(db, {
    userId,
    rpId: rp.rpID,
    userHandle: userHandleOf(ctx, userId).toString('base64url'),
    name,
    made: verified.registrationInfo,
  });
}

export type Made = VerifiedRegistrationResponse['registrationInfo'] & {};

/** Keeps a checked passkey (a 409 when the credential is registered already). */
export async function insertPasskey(
  db: Executor,
  p: { userId: number; rpId: string; userHandle: string; name: string; made: Made },
): Promise<number> {
  const { credential, credentialBackedUp } = p.made;
  try {
    const inserted = await db
      .insertInto('passkeys')
      .values({
        user_id: p.userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        rp_id: p.rpId,
        user_handle: p.userHandle,
        name: p.name,
        backed_up: credentialBackedUp ? 1 : 0,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict(passkeyMessages.taken);
  }
}
