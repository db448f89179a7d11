import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { siteDomainOf, siteExists } from '../sites/index.js';
import { mailOffered, siteOfRequest, siteOrigin } from './mail.js';
import { authMessages } from './messages.js';
import { relyingParty } from './passkey-ways.js';
import { smsOffered } from './sms-settings.js';
import { wechatOffered } from './wechat/settings.js';

/**
 * Which ways of signing in each site offers, and in which order (docs/identity.md, "Ways per
 * site"). A site's list is kept as `[{ way, offered }]` (`site_sign_in_ways`); a way the list
 * does not name yet (every way, on a site whose operator never saved one; a provider added
 * since) comes after the listed ones, offered, in the order sites had before lists:
 * password, email, phone, WeChat, passkey, then the providers in their own order. The login
 * dialog gets the offered ways that also work on the site now (mail on, a provider enabled…).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type Entry = { way: string; offered: boolean };
type Known = { way: string; ready: boolean; name?: string };

const FIXED = ['password', 'email', 'phone', 'wechat', 'passkey'] as const;

/** The providers of a site, in their own order (any "Sign in with …": OIDC or OAuth). */
async function providersOf(ctx: Ctx, siteId: number) {
  return ctx.db.kysely
    .selectFrom('site_oidc_providers')
    .select(['slug', 'name', 'enabled'])
    .where('site_id', '=', siteId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Whether passkeys can work at the site's own address (a domain name on a secure origin). */
async function passkeysPossible(ctx: Ctx, siteId: number): Promise<boolean> {
  const row = await siteDomainOf(ctx.db.kysely, siteId);
  const domain = row && row.is_default !== 1 ? row.domain : null;
  const site = { id: siteId, domain, name: { 'en-US': '', 'zh-CN': '', 'zh-TW': '' } };
  const origin = new URL(siteOrigin(ctx, site));
  const host = origin.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0)
    // The loopback PUBLIC_URL of development: passkeys work at http://localhost.
    return ['127.0.0.1', '[::1]'].includes(host) && !domain;
  return origin.protocol === 'https:' || host === 'localhost' || host.endsWith('.localhost');
}

/** Every way the site could offer, in the order sites had before lists, and whether it works. */
async function knownWays(ctx: Ctx, siteId: number, passkeyReady: boolean): Promise<Known[]> {
  const [email, phone, wechat, providers] = await Promise.all([
    mailOffered(ctx, siteId),
    smsOffered(ctx, siteId),
    wechatOffered(ctx, siteId),
    providersOf(ctx, siteId),
  ]);
  const ready: Record<(typeof FIXED)[number], boolean> = {
    password: true,
    email,
    phone,
    wechat,
    passkey: passkeyReady,
  };
  return [
    ...FIXED.map((way) => ({ way, ready: ready[way] })),
    ...providers.map((p) => ({ way: `oidc:${p.slug}`, ready: p.enabled === 1, name: p.name })),
  ];
}

async function storedOf(ctx: Ctx, siteId: number): Promise<Entry[]> {
  const row = await ctx.db.kysely
    .selectFrom('site_sign_in_ways')
    .select('ways')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) return [];
  try {
    const list = JSON.parse(row.ways) as unknown;
    return Array.isArray(list)
      ? list.filter(
          (e): e is Entry =>
            typeof e === 'object' &&
            e !== null &&
            typeof (e as Entry).way === 'string' &&
            typeof (e as Entry).offered === 'boolean',
        )
      : [];
  } catch {
    return [];
  }
}

/** The site's list: the saved ways still known, then the ways it never named, offered. */
function merge(known: Known[], stored: Entry[]) {
  const byWay = new Map(known.map((k) => [k.way, k]));
  const seen = new Set<string>();
  const out: (Known & { offered: boolean })[] = [];
  for (const e of stored) {
    const k = byWay.get(e.way);
    if (!k || seen.has(e.way)) continue;
    seen.add(e.way);
    out.push({ ...k, offered: e.offered });
  }
  for (const k of known) if (!seen.has(k.way)) out.push({ ...k, offered: true });
  return out;
}

const viewOf = (siteId: number, list: ReturnType<typeof merge>): identity.SiteWaysView => ({
  siteId,
  ways: list.map((w) => ({
    way: w.way,
    offered: w.offered,
    ready: w.ready,
    ...(w.name !== undefined ? { name: w.name } : {}),
  })),
});

async function assertSite(ctx: Ctx, siteId: number): Promise<void> {
  if (!(await siteExists(ctx.db.kysely, siteId))) throw notFound(authMessages.siteNotFound);
}

/** The console's view of a site's ways. */
export async function readSiteWays(ctx: Ctx, siteId: number): Promise<identity.SiteWaysView> {
  await assertSite(ctx, siteId);
  const known = await knownWays(ctx, siteId, await passkeysPossible(ctx, siteId));
  return viewOf(siteId, merge(known, await storedOf(ctx, siteId)));
}

/**
 * Saves a site's list as given: each way must be one the site has (an unknown one, or one
 * twice, is a 400 on `ways.<i>.way`); the ways it leaves out are kept as not offered, and at
 * least one offered way must work on the site now (else a 400 on `ways`).
 */
export async function saveSiteWays(
  ctx: Ctx,
  input: { siteId: number; ways: Entry[] },
): Promise<identity.SiteWaysView> {
  await assertSite(ctx, input.siteId);
  const known = await knownWays(ctx, input.siteId, await passkeysPossible(ctx, input.siteId));
  const byWay = new Map(known.map((k) => [k.way, k]));
  const seen = new Set<string>();
  input.ways.forEach((e, i) => {
    if (!byWay.has(e.way)) throw badRequest(authMessages.unknownWay, {}, `ways.${i}.way`);
    if (seen.has(e.way)) throw badRequest(authMessages.wayTwice, {}, `ways.${i}.way`);
    seen.add(e.way);
  });
  const list: Entry[] = [
    ...input.ways.map((e) => ({ way: e.way, offered: e.offered })),
    ...known.filter((k) => !seen.has(k.way)).map((k) => ({ way: k.way, offered: false })),
  ];
  if (!list.some((e) => e.offered && byWay.get(e.way)?.ready))
    throw badRequest(authMessages.noWayOffered, {}, 'ways');
  const row = { ways: JSON.stringify(list), updated_at: nowIso() };
  await ctx.db.kysely
    .insertInto('site_sign_in_ways')
    .values({ site_id: input.siteId, ...row })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(row))
    .execute();
  return viewOf(input.siteId, merge(known, list));
}

/**
 * The ways of signing in this request's site offers, in its order (`GET /auth/ways`). With
 * `all`, every way that works here, listed or not (the user centre links the ways hidden from
 * the login dialog too).
 */
export async function offeredWays(
  ctx: Ctx,
  req: FastifyRequest,
  opts: { all?: boolean } = {},
): Promise<identity.OfferedWays> {
  const site = await siteOfRequest(ctx, req);
  const passkey = (await relyingParty(ctx, req)) !== null;
  const list = site
    ? merge(await knownWays(ctx, site.id, passkey), await storedOf(ctx, site.id))
    : [{ way: 'password', ready: true, offered: true }];
  const shown = list.filter((w) => (w.offered || opts.all) && w.ready);
  // A list that leaves nothing working (its ways switched off since) still lets people in.
  if (shown.length === 0) shown.push({ way: 'password', ready: true, offered: true });
  const has = (way: string) => shown.some((w) => w.way === way);
  return {
    order: shown.map((w) => w.way),
    password: has('password'),
    forgot: has('password') && (site ? await mailOffered(ctx, site.id) : false),
    email: has('email'),
    phone: has('phone'),
    wechat: has('wechat'),
    passkey: has('passkey'),
    oidc: shown
      .filter((w) => w.way.startsWith('oidc:'))
      .map((w) => ({ slug: w.way.slice('oidc:'.length), name: w.name ?? '' })),
  };
}
