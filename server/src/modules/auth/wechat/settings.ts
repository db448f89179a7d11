import type { wechat } from '@atelier/contracts';
import type { AppContext } from '../../../context.js';
import { nowIso } from '../../../db/database.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { secretBox } from '../../../lib/secret-box.js';
import { siteDomainOf, siteExists } from '../../sites/index.js';
import { siteOrigin } from '../mail.js';
import { authMessages } from '../messages.js';
import { wechatMessages } from './messages.js';

/**
 * Each site's WeChat official account (docs/identity.md, WeChat): its AppID, AppSecret and the
 * Token of its server configuration. The secret and the token are sealed (lib/secret-box) and
 * never answered.
 */
export const CALLBACK_PATH = '/api/auth/wechat/callback';

const secretContext = (siteId: number) => `wechat:${siteId}:secret`;
const tokenContext = (siteId: number) => `wechat:${siteId}:token`;

interface Stored {
  siteId: number;
  enabled: boolean;
  appId: string;
  secretSealed: string | null;
  tokenSealed: string | null;
}

/** What the server uses of a site's settings: opened only where needed. */
export interface WechatSite {
  siteId: number;
  appId: string;
  secret: string;
  token: string;
}

async function readStored(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<Stored> {
  const row = await ctx.db.kysely
    .selectFrom('site_wechat_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return {
    siteId,
    enabled: row?.enabled === 1,
    appId: row?.app_id ?? '',
    secretSealed: row?.secret_sealed ?? null,
    tokenSealed: row?.token_sealed ?? null,
  };
}

/** The first field missing, or null when the account can be used. */
function missing(s: Stored): 'appId' | 'appSecret' | 'token' | null {
  if (!s.appId) return 'appId';
  if (!s.secretSealed) return 'appSecret';
  if (!s.tokenSealed) return 'token';
  return null;
}

async function callbackUrl(ctx: Pick<AppContext, 'db' | 'config'>, siteId: number) {
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

async function view(
  ctx: Pick<AppContext, 'db' | 'config'>,
  s: Stored,
): Promise<wechat.SettingsView> {
  return {
    siteId: s.siteId,
    enabled: s.enabled && missing(s) === null,
    appId: s.appId,
    appSecret: s.secretSealed ? 'set' : 'not set',
    token: s.tokenSealed ? 'set' : 'not set',
    callbackUrl: await callbackUrl(ctx, s.siteId),
  };
}

async function assertSite(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<void> {
  if (!(await siteExists(ctx.db.kysely, siteId))) throw notFound(authMessages.siteNotFound);
}

export async function readWechatSettings(
  ctx: Pick<AppContext, 'db' | 'config'>,
  siteId: number,
): Promise<wechat.SettingsView> {
  await assertSite(ctx, siteId);
  return view(ctx, await readStored(ctx, siteId));
}

export async function updateWechatSettings(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: wechat.SettingsInput,
): Promise<wechat.SettingsView> {
  await assertSite(ctx, input.siteId);
  const next = await readStored(ctx, input.siteId);
  const box = secretBox(ctx.config.secretKey);
  if (input.enabled !== undefined) next.enabled = input.enabled;
  if (input.appId !== undefined) next.appId = input.appId;
  if (input.appSecret !== undefined)
    next.secretSealed =
      input.appSecret === null ? null : box.seal(input.appSecret, secretContext(input.siteId));
  if (input.token !== undefined)
    next.tokenSealed =
      input.token === null ? null : box.seal(input.token, tokenContext(input.siteId));
  const gap = missing(next);
  if (next.enabled && gap) throw badRequest(wechatMessages.incomplete, {}, gap);
  const row = {
    enabled: next.enabled ? 1 : 0,
    app_id: next.appId,
    secret_sealed: next.secretSealed,
    token_sealed: next.tokenSealed,
    updated_at: nowIso(),
  };
  await ctx.db.kysely
    .insertInto('site_wechat_settings')
    .values({ site_id: input.siteId, ...row })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(row))
    .execute();
  return view(ctx, next);
}

/** The site's official account when it is on and complete, its secrets opened; else null. */
export async function wechatOfSite(
  ctx: Pick<AppContext, 'db' | 'config'>,
  siteId: number | undefined,
): Promise<WechatSite | null> {
  if (siteId === undefined) return null;
  const s = await readStored(ctx, siteId);
  if (!s.enabled || missing(s) !== null) return null;
  const box = secretBox(ctx.config.secretKey);
  return {
    siteId,
    appId: s.appId,
    secret: box.open(s.secretSealed ?? '', secretContext(siteId)),
    token: box.open(s.tokenSealed ?? '', tokenContext(siteId)),
  };
}

/** Whether a site offers the WeChat scan (for the login dialog and the ways list). */
export async function wechatOffered(ctx: Pick<AppContext, 'db'>, siteId: number | undefined) {
  if (siteId === undefined) return false;
  const s = await readStored(ctx, siteId);
  return s.enabled && missing(s) === null;
}

/** The app id a site's WeChat links are under, when the site offers WeChat. */
export async function offeredAppId(ctx: Pick<AppContext, 'db'>, siteId: number | undefined) {
  if (siteId === undefined) return null;
  const s = await readStored(ctx, siteId);
  return s.enabled && missing(s) === null ? s.appId : null;
}
