import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import { checkPublicUrl } from '../../lib/url-guard.js';
import { siteDomainOf, siteExists } from '../sites/index.js';
import { siteOfRequest, siteOrigin } from './mail.js';
import { authMessages } from './messages.js';
import { GITHUB_ISSUER } from './github-client.js';
import { discover, OidcError } from './oidc-client.js';
import type { ProviderKind } from './tables.js';

/** A site's OpenID Connect providers as the console edits them (docs/identity.md, OpenID Connect). */

export const CALLBACK_PATH = '/api/auth/oidc/callback';
export const secretContext = (providerId: number) => `oidc:${providerId}:client-secret`;
export const allowPrivate = (ctx: Pick<AppContext, 'config'>) => ctx.config.signup.oidcAllowPrivate;

type Row = {
  id: number;
  site_id: number;
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string | null;
  scopes: string;
  enabled: number;
  position: number;
  kind: ProviderKind;
};

const view = (r: Row): identity.OidcProviderView => ({
  id: r.id,
  siteId: r.site_id,
  kind: r.kind,
  slug: r.slug,
  name: r.name,
  issuer: r.issuer,
  clientId: r.client_id,
  clientSecret: r.client_secret_sealed ? 'set' : 'not set',
  scopes: r.scopes,
  enabled: r.enabled === 1,
  position: r.position,
});

export const columns = [
  'id',
  'site_id',
  'slug',
  'name',
  'issuer',
  'client_id',
  'client_secret_sealed',
  'scopes',
  'enabled',
  'position',
  'kind',
] as const;

/** The callback URL to register at every provider of a site. */
export async function callbackUrl(ctx: AppContext, siteId: number): Promise<string> {
  const row = await siteDomainOf(ctx.db.kysely, siteId);
  const site = row
    ? {
        id: row.id,
        domain: row.is_default === 1 ? null : row.domain,
        name: { 'en-US': '', 'zh-CN': '', 'zh-TW': '' },
      }
    : null;
  return `${siteOrigin(ctx, site)}${CALLBACK_PATH}`;
}

export async function listProviders(ctx: AppContext, siteId: number) {
  if (!(await siteExists(ctx.db.kysely, siteId))) throw notFound(authMessages.siteNotFound);
  const rows = await ctx.db.kysely
    .selectFrom('site_oidc_providers')
    .select(columns)
    .where('site_id', '=', siteId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { rows: rows.map(view), callbackUrl: await callbackUrl(ctx, siteId) };
}

/** The enabled providers the login dialog offers on this request's site. */
export async function offeredProviders(ctx: AppContext, req: FastifyRequest) {
  const site = await siteOfRequest(ctx, req);
  if (!site) return [];
  return ctx.db.kysely
    .selectFrom('site_oidc_providers')
    .select(['slug', 'name'])
    .where('site_id', '=', site.id)
    .where('enabled', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Adds or changes a provider. OpenID Connect: the issuer must pass the URL guard and its
 * discovery be readable. GitHub: no issuer to check (its addresses are the server's).
 */
export async function saveProvider(
  ctx: AppContext,
  input: identity.OidcProviderInput,
): Promise<identity.OidcProviderView> {
  const db = ctx.db.kysely;
  if (!(await siteExists(db, input.siteId))) throw notFound(authMessages.siteNotFound);
  const kind = input.kind ?? 'oidc';
  const issuer = kind === 'github' ? GITHUB_ISSUER : (input.issuer ?? '');
  if (input.id !== undefined) {
    // A link's subject means something only to its kind of provider (an issuer's `sub`, a
    // GitHub user id).
    const before = await db
      .selectFrom('site_oidc_providers')
      .select('kind')
      .where('id', '=', input.id)
      .where('site_id', '=', input.siteId)
      .executeTakeFirst();
    if (before && before.kind !== kind) throw badRequest(authMessages.oidcKindFixed, {}, 'kind');
  }
  if (kind === 'oidc') await checkIssuer(ctx, issuer);
  const now = nowIso();
  const values = {
    site_id: input.siteId,
    kind,
    slug: input.slug,
    name: input.name,
    issuer,
    client_id: input.clientId,
    scopes: input.scopes,
    enabled: input.enabled ? 1 : 0,
    position: input.position ?? 0,
    updated_at: now,
  };
  const taken = await db
    .selectFrom('site_oidc_providers')
    .select('id')
    .where('site_id', '=', input.siteId)
    .where('slug', '=', input.slug)
    .executeTakeFirst();
  if (taken && taken.id !== input.id)
    throw new AppError(
      409,
      authMessages.oidcSlugTaken,
      {},
      {
        errors: [{ field: 'slug', message: authMessages.oidcSlugTaken['en-US'] }],
      },
    );
  let id = input.id;
  if (id === undefined) {
    const row = await db
      .insertInto('site_oidc_providers')
      .values({ ...values, client_secret_sealed: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    const done = await db
      .updateTable('site_oidc_providers')
      .set(values)
      .where('id', '=', id)
      .where('site_id', '=', input.siteId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw notFound(authMessages.oidcProviderNotFound);
  }
  if (input.clientSecret !== undefined)
    await db
      .updateTable('site_oidc_providers')
      .set({
        client_secret_sealed:
          input.clientSecret === null
            ? null
            : secretBox(ctx.config.secretKey).seal(input.clientSecret, secretContext(id)),
      })
      .where('id', '=', id)
      .execute();
  const row = await db
    .selectFrom('site_oidc_providers')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return view(row);
}

async function checkIssuer(ctx: AppContext, issuer: string): Promise<void> {
  if (!allowPrivate(ctx)) {
    if (!issuer.startsWith('https:'))
      throw badRequest(authMessages.oidcIssuerRefused, { reason: 'https only' }, 'issuer');
    const refused = await checkPublicUrl(issuer);
    if (refused) throw badRequest(authMessages.oidcIssuerRefused, { reason: refused }, 'issuer');
  }
  try {
    await discover(issuer, allowPrivate(ctx));
  } catch (error) {
    const reason = error instanceof OidcError ? error.message : 'no answer';
    throw badRequest(authMessages.oidcIssuerRefused, { reason }, 'issuer');
  }
}

export async function deleteProvider(ctx: AppContext, id: number): Promise<void> {
  const done = await ctx.db.kysely
    .deleteFrom('site_oidc_providers')
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(done.numDeletedRows) !== 1) throw notFound(authMessages.oidcProviderNotFound);
}
