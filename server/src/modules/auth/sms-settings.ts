import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import { siteExists } from '../sites/index.js';
import { authMessages } from './messages.js';
import { smsAdapters, type SmsProviderName, type SmsSettings } from './sms/index.js';

/**
 * Each site's SMS provider (docs/identity.md, Phone): Aliyun or Tencent Cloud, its keys, sign
 * name and template. The secret is sealed (lib/secret-box) and never answered.
 */
type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

interface Stored extends Omit<SmsSettings, 'accessKeySecret'> {
  siteId: number;
  enabled: boolean;
  provider: SmsProviderName;
  secretSealed: string | null;
}

const secretContext = (siteId: number) => `sms:${siteId}:secret`;

async function readStored(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<Stored> {
  const row = await ctx.db.kysely
    .selectFrom('site_sms_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return {
    siteId,
    enabled: row?.enabled === 1,
    provider: row?.provider === 'tencent' ? 'tencent' : 'aliyun',
    accessKeyId: row?.access_key_id ?? '',
    secretSealed: row?.secret_sealed ?? null,
    signName: row?.sign_name ?? '',
    templateId: row?.template_id ?? '',
    appId: row?.app_id ?? '',
    region: row?.region ?? '',
    endpoint: row?.endpoint ?? '',
  };
}

/** The first field the provider needs that is empty, or null when all are there. */
function missing(s: Stored): keyof identity.SmsSettingsView | null {
  for (const need of smsAdapters[s.provider].needs) {
    const present = need === 'accessKeySecret' ? s.secretSealed !== null : s[need] !== '';
    if (!present) return need;
  }
  return null;
}

function view(s: Stored): identity.SmsSettingsView {
  return {
    siteId: s.siteId,
    enabled: s.enabled && missing(s) === null,
    provider: s.provider,
    accessKeyId: s.accessKeyId,
    accessKeySecret: s.secretSealed ? 'set' : 'not set',
    signName: s.signName,
    templateId: s.templateId,
    appId: s.appId,
    region: s.region,
    endpoint: s.endpoint,
  };
}

async function assertSite(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<void> {
  if (!(await siteExists(ctx.db.kysely, siteId))) throw notFound(authMessages.siteNotFound);
}

export async function readSmsSettings(
  ctx: Pick<AppContext, 'db'>,
  siteId: number,
): Promise<identity.SmsSettingsView> {
  await assertSite(ctx, siteId);
  return view(await readStored(ctx, siteId));
}

export async function updateSmsSettings(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: identity.SmsSettingsInput,
): Promise<identity.SmsSettingsView> {
  await assertSite(ctx, input.siteId);
  const current = await readStored(ctx, input.siteId);
  const next: Stored = { ...current };
  for (const key of [
    'enabled',
    'provider',
    'accessKeyId',
    'signName',
    'templateId',
    'appId',
    'region',
    'endpoint',
  ] as const) {
    const value = input[key];
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  if (input.accessKeySecret === null) next.secretSealed = null;
  else if (input.accessKeySecret !== undefined)
    next.secretSealed = secretBox(ctx.config.secretKey).seal(
      input.accessKeySecret,
      secretContext(input.siteId),
    );
  const gap = missing(next);
  if (next.enabled && gap) throw badRequest(authMessages.smsIncomplete, {}, gap);
  const row = {
    enabled: next.enabled ? 1 : 0,
    provider: next.provider,
    access_key_id: next.accessKeyId,
    secret_sealed: next.secretSealed,
    sign_name: next.signName,
    template_id: next.templateId,
    app_id: next.appId,
    region: next.region,
    endpoint: next.endpoint,
    updated_at: nowIso(),
  };
  await ctx.db.kysely
    .insertInto('site_sms_settings')
    .values({ site_id: input.siteId, ...row })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(row))
    .execute();
  return view(next);
}

/** Whether this site offers phone codes. */
export async function smsOffered(ctx: Pick<AppContext, 'db'>, siteId: number | undefined) {
  if (siteId === undefined) return false;
  const s = await readStored(ctx, siteId);
  return s.enabled && missing(s) === null;
}

/**
 * Texts a code with a site's provider. A refusal is logged with the provider's error code and
 * request id only (never the number's code, the text or the secret), and answered as:
 * a number the provider will not text → 400 on `phone`; the provider's own limit → 429;
 * anything else (a bad signature, an unapproved template, no answer) → 503.
 */
export async function sendSiteSms(
  ctx: Ctx,
  siteId: number,
  phone: string,
  code: string,
): Promise<void> {
  const s = await readStored(ctx, siteId);
  if (!(s.enabled && missing(s) === null)) throw badRequest(authMessages.smsOff);
  const secret = secretBox(ctx.config.secretKey).open(s.secretSealed ?? '', secretContext(siteId));
  const result = await smsAdapters[s.provider].send({ ...s, accessKeySecret: secret }, phone, code);
  if (result.ok) return;
  ctx.log.warn(
    {
      siteId,
      provider: s.provider,
      providerCode: result.providerCode,
      requestId: result.requestId,
    },
    'text message refused; check the site SMS settings',
  );
  if (result.kind === 'number') throw badRequest(authMessages.phoneInvalid, {}, 'phone');
  if (result.kind === 'limit') throw new AppError(429, authMessages.smsLimited);
  throw new AppError(503, authMessages.smsFailed);
}
