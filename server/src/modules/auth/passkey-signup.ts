import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { conflict } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { passkeyMessages } from './passkey-messages.js';
import { webAuthn } from './webauthn.js';
import {
  ALGORITHMS,
  CHALLENGE_TTL_MS,
  checkRegistration,
  insertPasskey,
  newChallenge,
  requireRp,
  sha256,
  takeChallenge,
} from './passkey-ways.js';

/**
 * Making an account with a passkey alone (docs/identity.md, Passkeys): the creation options
 * for a new username and the check of the authenticator's answer; the account itself is made
 * by passkey-account.ts with the sign-up limits.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

/**
 * The user handle of a passkey made at sign-up, before the account exists: derived from its
 * challenge (random), so nothing about the visitor is in it and nothing more is stored.
 */
const signupHandleOf = (ctx: Ctx, challenge: string) =>
  createHmac('sha256', ctx.config.secretKey ?? 'atelier-passkeys')
    .update(`passkey-sign-up\n${challenge}`)
    .digest();

/** Options for `navigator.credentials.create()` making a new account named `username`. */
export async function signupOptions(ctx: Ctx, req: FastifyRequest, lang: Lang, username: string) {
  const rp = await requireRp(ctx, req);
  const challenge = await newChallenge(ctx, req, rp, 'sign-up', null, username);
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: rp.siteName[lang],
    rpID: rp.rpID,
    userName: username,
    userDisplayName: username,
    userID: signupHandleOf(ctx, challenge),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { options };
}

/** A checked sign-up answer: the passkey to keep with the new account, and its username. */
export interface SignupPasskey {
  username: string;
  /** Writes the passkey for the new account (inside its transaction). */
  keep: (trx: Executor, userId: number, name: string) => Promise<number>;
}

/** Checks a sign-up answer (its challenge taken once); refusals are 400s on `response`. */
export async function verifySignup(
  ctx: Ctx,
  req: FastifyRequest,
  response: identity.RegistrationResponse,
): Promise<SignupPasskey> {
  const rp = await requireRp(ctx, req);
  const clientData = response.response.clientDataJSON;
  const challenge = await takeChallenge(ctx, clientData, 'sign-up', rp, null);
  const row = await ctx.db.kysely
    .selectFrom('passkey_challenges')
    .select('username')
    .where('challenge_hash', '=', sha256(challenge))
    .executeTakeFirstOrThrow();
  const verified = await checkRegistration(ctx, rp, challenge, response);
  const made = verified.registrationInfo;
  const known = await ctx.db.kysely
    .selectFrom('passkeys')
    .select('id')
    .where('credential_id', '=', made.credential.id)
    .executeTakeFirst();
  if (known) throw conflict(passkeyMessages.taken);
  const userHandle = signupHandleOf(ctx, challenge).toString('base64url');
  return {
    username: row.username ?? 'passkey',
    keep: (trx, userId, name) =>
      insertPasskey(trx, { userId, rpId: rp.rpID, userHandle, name, made }),
  };
}
