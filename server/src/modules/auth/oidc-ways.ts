import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { uniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, conflict, notFound, notSignedIn } from '../../http/errors.js';
import { readCredentials } from '../../http/identity.js';
import { secretBox } from '../../lib/secret-box.js';
import { accountKey, guestOf, mergeGuest, register } from './accounts.js';
import { freeUsername } from './email-ways.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { siteOfRequest, siteOrigin } from './mail.js';
import { authMessages } from './messages.js';
import { githubAuthorizeUrl, githubIdentity } from './github-client.js';
import {
  authorizationUrl,
  discover,
  exchangeCode,
  flowSecrets,
  problemOf,
  type IdClaims,
} from './oidc-client.js';
import { allowPrivate, CALLBACK_PATH, columns, secretContext } from './oidc-providers.js';
import { deviceOf, dropExpiredSessions, openSession } from './sessions.js';
import { checkSignup } from './signups.js';

/**
 * Signing in with any OpenID Connect provider a site's operator sets up (docs/identity.md,
 * OpenID Connect). The authorization-code flow with PKCE (S256), `state` and `nonce`:
 * 1. start: a flow row holds state, nonce and the sealed verifier; the browser goes to the
 *    provider's authorization endpoint;
 * 2. callback (GET /api/auth/oidc/callback): the state finds the flow (once, in time), the
 *    code is exchanged with the verifier, the ID token checked (oidc-client.ts); the browser
 *    goes back to the site with a one-time ticket in the fragment (never in a log);
 * 3. finish: the ticket signs in (a guest's data moves), links, or, when an account has the
 *    same address and the provider says it is verified, asks the user's consent first.
 * A GitHub provider (kind `github`, github-client.ts) takes the same steps with OAuth 2: no
 * discovery and no nonce; the token reads the account from GitHub's API instead of an ID token.
 */
export const FLOW_TTL_MS = 10 * 60_000;
export const TICKET_TTL_MS = 5 * 60_000;

const sha = (s: string) => createHash('sha256').update(s).digest('base64url');
const verifierContext = (state: string) => `oidc-flow:${state}`;

async function providerOfRequest(ctx: AppContext, req: FastifyRequest, slug: string) {
  const site = await siteOfRequest(ctx, req);
  const row = site
    ? await ctx.db.kysely
        .selectFrom('site_oidc_providers')
        .select(columns)
        .where('site_id', '=', site.id)
        .where('slug', '=', slug)
        .where('enabled', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(authMessages.oidcProviderNotFound);
  return { row, site };
}

/** Begins a flow: answers the provider's authorization URL. */
export async function startFlow(
  ctx: AppContext,
  req: FastifyRequest,
  slug: string,
  linkUserId: number | null,
): Promise<{ url: string }> {
  const { row, site } = await providerOfRequest(ctx, req, slug);
  let config;
  try {
    config =
      row.kind === 'github'
        ? null
        : await discover(row.issuer, allowPrivate(ctx), {
            id: row.client_id,
            secret: null,
          });
  } catch (error) {
    ctx.log.warn({ provider: row.slug, problem: problemOf(error) }, 'oidc discovery failed');
    throw new AppError(502, authMessages.oidcUnavailable);
  }
  const { state, nonce, verifier, challenge } = await flowSecrets();
  const redirectUri = `${siteOrigin(ctx, site)}${CALLBACK_PATH}`;
  const now = Date.now();
  await ctx.db.kysely
    .insertInto('oidc_flows')
    .values({
      state,
      provider_id: row.id,
      nonce,
      verifier_sealed: secretBox(ctx.config.secretKey).seal(verifier, verifierContext(state)),
      redirect_uri: redirectUri,
      link_user_id: linkUserId,
      ip: req.ip,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + FLOW_TTL_MS).toISOString(),
    })
    .execute();
  if (!config)
    return {
      url: githubAuthorizeUrl(ctx, {
        clientId: row.client_id,
        redirectUri,
        scopes: row.scopes,
        state,
        challenge,
      }),
    };
  return {
    url: authorizationUrl(config, { redirectUri, scope: row.scopes, state, nonce, challenge }),
  };
}

/**
 * The provider's redirect back: answers where to send the browser (the site with a ticket,
 * or with an error word). Never throws for the provider's or the user's mistakes.
 */
export async function handleCallback(
  ctx: AppContext,
  req: FastifyRequest,
  query: Record<string, string | undefined>,
): Promise<string> {
  const db = ctx.db.kysely;
  const site = await siteOfRequest(ctx, req);
  const home = siteOrigin(ctx, site);
  const fail = (word: string) => `${home}/#oidc-error=${word}`;
  const state = query.state ?? '';
  if (!state || state.length > 200) return fail('state');
  const now = nowIso();
  // The state works once, within its time.
  const flow = await db
    .selectFrom('oidc_flows')
    .selectAll()
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .where('ticket_hash', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!flow) return fail('state');
  const taken = await db
    .updateTable('oidc_flows')
    .set({ expires_at: now })
    .where('id', '=', flow.id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return fail('state');
  if (query.error || !query.code) {
    // E.g. GitHub's `redirect_uri_mismatch`: the callback URL registered there is another.
    if (query.error !== 'access_denied')
      ctx.log.warn(
        { error: /^[\w.-]{1,64}$/.test(query.error ?? '') ? query.error : 'other' },
        'oidc provider answered an error',
      );
    return fail(query.error === 'access_denied' ? 'denied' : 'provider');
  }
  const provider = await db
    .selectFrom('site_oidc_providers')
    .select(columns)
    .where('id', '=', flow.provider_id)
    .executeTakeFirst();
  if (!provider?.enabled) return fail('provider');
  let claims: IdClaims;
  try {
    const box = secretBox(ctx.config.secretKey);
    const client = {
      id: provider.client_id,
      secret: provider.client_secret_sealed
        ? box.open(provider.client_secret_sealed, secretContext(provider.id))
        : null,
    };
    const grant = {
      code: query.code,
      verifier: box.open(flow.verifier_sealed, verifierContext(flow.state)),
      redirectUri: flow.redirect_uri,
    };
    if (provider.kind === 'github') claims = await githubIdentity(ctx, client, grant);
    else {
      const config = await discover(provider.issuer, allowPrivate(ctx), client);
      claims = await exchangeCode(config, {
        params: query,
        redirectUri: flow.redirect_uri,
        state: flow.state,
        nonce: flow.nonce,
        verifier: grant.verifier,
      });
    }
  } catch (error) {
    // The message names what failed, never a code or a token.
    ctx.log.warn({ provider: provider.slug, problem: problemOf(error) }, 'oidc sign-in refused');
    return fail('refused');
  }
  const ticket = randomBytes(32).toString('base64url');
  await db
    .updateTable('oidc_flows')
    .set({
      ticket_hash: sha(ticket),
      subject: claims.sub,
      email: claims.email,
      email_verified: claims.emailVerified ? 1 : 0,
      preferred_name: claims.name,
      expires_at: new Date(Date.now() + TICKET_TTL_MS).toISOString(),
    })
    .where('id', '=', flow.id)
    .execute();
  return `${home}/#oidc=${ticket}`;
}

type Finish = identity.OidcFinishData;

export async function signInAs(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
): Promise<string> {
  const db = ctx.db.kysely;
  const user = await db
    .selectFrom('users')
    .select(['id', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.disabled_at) throw new AppError(403, authMessages.accountDisabled);
  const guestUserId = await guestOf(db, req);
  return db.transaction().execute(async (trx) => {
    await clearFailures(trx, lockKeyOf(user, ''));
    if (guestUserId !== null) await mergeGuest(trx, ctx, guestUserId, user.id);
    await dropExpiredSessions(trx, user.id);
    await trx
      .updateTable('users')
      .set({ last_login_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    return openSession(trx, ctx.config, user.id, deviceOf(req));
  });
}

async function addLink(
  ctx: AppContext,
  userId: number,
  flow: { provider_id: number; subject: string | null; email: string | null },
) {
  try {
    await ctx.db.kysely
      .insertInto('oidc_links')
      .values({
        user_id: userId,
        provider_id: flow.provider_id,
        subject: flow.subject ?? '',
        email: flow.email,
        created_at: nowIso(),
      })
      .execute();
  } catch (error) {
    // The sign-in way is another account's (the unique link); anything else (the database
    // away: a 503) is not that.
    if (!uniqueViolation(error)) throw error;
    throw conflict(authMessages.oidcLinkedElsewhere);
  }
}

/** Exchanges a ticket: signs in, links, or asks consent (then the ticket stays usable). */
export async function finishFlow(
  ctx: AppContext,
  req: FastifyRequest,
  input: { ticket: string; consent?: boolean | undefined; invitedBy?: string | undefined },
  callerUserId: number | null,
): Promise<Finish> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const flow = await db
    .selectFrom('oidc_flows')
    .selectAll()
    .where('ticket_hash', '=', sha(input.ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!flow?.subject) throw badRequest(authMessages.oidcTicketInvalid, {}, 'ticket');
  const use = async () => {
    const taken = await db
      .updateTable('oidc_flows')
      .set({ used_at: now })
      .where('id', '=', flow.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw badRequest(authMessages.oidcTicketInvalid, {}, 'ticket');
  };
  const linked = await db
    .selectFrom('oidc_links')
    .select('user_id')
    .where('provider_id', '=', flow.provider_id)
    .where('subject', '=', flow.subject)
    .executeTakeFirst();

  if (flow.link_user_id !== null) {
    // Linking from the user centre: only the account that began it finishes it.
    if (callerUserId !== flow.link_user_id) throw notSignedIn();
    await use();
    if (linked && linked.user_id !== flow.link_user_id)
      throw conflict(authMessages.oidcLinkedElsewhere);
    if (!linked) await addLink(ctx, flow.link_user_id, flow);
    return { outcome: 'linked' };
  }
  if (linked) {
    await use();
    return {
      outcome: 'signed-in',
      token: await signInAs(ctx, req, linked.user_id),
      created: false,
    };
  }
  const key = flow.email ? accountKey(flow.email) : null;
  const owner = key
    ? await db
        .selectFrom('users')
        .select(['id'])
        .where('email_key', '=', key)
        .where('kind', '=', 'registered')
        .executeTakeFirst()
    : undefined;
  if (owner) {
    // Only an address the provider verified links, and only with the user's consent.
    if (flow.email_verified !== 1) throw conflict(authMessages.oidcEmailUnverified);
    const provider = await db
      .selectFrom('site_oidc_providers')
      .select('name')
      .where('id', '=', flow.provider_id)
      .executeTakeFirstOrThrow();
    if (!input.consent)
      return { outcome: 'consent', provider: provider.name, email: flow.email ?? '' };
    await use();
    await addLink(ctx, owner.id, flow);
    await db
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('id', '=', owner.id)
      .where('email_verified_at', 'is', null)
      .execute();
    return { outcome: 'signed-in', token: await signInAs(ctx, req, owner.id), created: false };
  }
  await use();
  const username = await freeUsername(ctx, flow.preferred_name ?? flow.email ?? 'user');
  const origin = await checkSignup(ctx, req, readCredentials(req).guestId?.toLowerCase() ?? null);
  const email = flow.email_verified === 1 ? flow.email : null;
  const token = await register(
    ctx,
    {
      username,
      email: email ?? undefined,
      password: null,
      invitedBy: input.invitedBy,
      emailVerified: email !== null,
    },
    await guestOf(db, req),
    deviceOf(req),
    origin,
  );
  const made = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', accountKey(username))
    .executeTakeFirstOrThrow();
  await addLink(ctx, made.id, flow);
  return { outcome: 'signed-in', token, created: true };
}

/** The account's links to enabled providers of this site, for the ways list. */
export async function linksOf(ctx: AppContext, req: FastifyRequest, userId: number) {
  const site = await siteOfRequest(ctx, req);
  return ctx.db.kysely
    .selectFrom('oidc_links')
    .innerJoin('site_oidc_providers', 'site_oidc_providers.id', 'oidc_links.provider_id')
    .select([
      'oidc_links.id as id',
      'oidc_links.subject as subject',
      'oidc_links.email as email',
      'site_oidc_providers.name as provider',
      'site_oidc_providers.enabled as enabled',
      'site_oidc_providers.site_id as site_id',
    ])
    .where('oidc_links.user_id', '=', userId)
    .orderBy('oidc_links.id')
    .execute()
    .then((rows) =>
      rows.map((r) => ({ ...r, usable: r.enabled === 1 && r.site_id === (site?.id ?? -1) })),
    );
}
