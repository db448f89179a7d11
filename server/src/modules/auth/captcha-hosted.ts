import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import { siteExists } from '../sites/index.js';
import { siteOfRequest } from './mail.js';
import { authMessages } from './messages.js';

/**
 * A site's hosted captcha (docs/identity.md, Captcha): Cloudflare Turnstile or hCaptcha in place
 * of the self-hosted proof of work, asked only where abuse was seen (captcha.ts). The browser
 * shows the provider's widget with the site key and sends its token in `X-Captcha`; the server
 * checks it at the provider's siteverify (Turnstile: developers.cloudflare.com/turnstile/
 * get-started/server-side-validation; hCaptcha: docs.hcaptcha.com, "Verify the user response
 * server side"): a form POST of `secret`, `response`, `remoteip` (and hCaptcha's `sitekey`)
 * answering `{ success, "error-codes" }`. The secret is sealed at rest, goes only to siteverify
 * and is never answered or logged; nor is the token.
 */
type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
export type HostedProvider = 'turnstile' | 'hcaptcha';

interface Stored {
  siteId: number;
  provider: identity.CaptchaProvider;
  siteKey: string;
  secretSealed: string | null;
}

export interface HostedCaptcha {
  siteId: number;
  provider: HostedProvider;
  siteKey: string;
  secretSealed: string;
}

const secretContext = (siteId: number) => `captcha:${siteId}:secret`;
const VERIFY_TIMEOUT_MS = 8_000;
/** Turnstile's tokens are at most 2048 characters; hCaptcha's are of the same order. */
export const MAX_TOKEN = 4096;
const TOKEN = /^[\w.\-+/=:*~]+$/;

async function readStored(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<Stored> {
  const row = await ctx.db.kysely
    .selectFrom('site_captcha_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  const provider =
    row?.provider === 'turnstile' || row?.provider === 'hcaptcha' ? row.provider : 'pow';
  return {
    siteId,
    provider,
    siteKey: row?.site_key ?? '',
    secretSealed: row?.secret_sealed ?? null,
  };
}

const view = (s: Stored): identity.CaptchaSettingsView => ({
  siteId: s.siteId,
  provider: s.provider,
  siteKey: s.siteKey,
  secret: s.secretSealed ? 'set' : 'not set',
});

async function assertSite(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<void> {
  if (!(await siteExists(ctx.db.kysely, siteId))) throw notFound(authMessages.siteNotFound);
}

export async function readCaptchaSettings(
  ctx: Pick<AppContext, 'db'>,
  siteId: number,
): Promise<identity.CaptchaSettingsView> {
  await assertSite(ctx, siteId);
  return view(await readStored(ctx, siteId));
}

/** Changes a site's captcha; a hosted one needs its site key and secret (else 400 naming it). */
export async function updateCaptchaSettings(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: identity.CaptchaSettingsInput,
): Promise<identity.CaptchaSettingsView> {
  await assertSite(ctx, input.siteId);
  const next = await readStored(ctx, input.siteId);
  if (input.provider !== undefined) next.provider = input.provider;
  if (input.siteKey !== undefined) next.siteKey = input.siteKey;
  if (input.secret === null) next.secretSealed = null;
  else if (input.secret !== undefined)
    next.secretSealed = secretBox(ctx.config.secretKey).seal(
      input.secret,
      secretContext(input.siteId),
    );
  if (next.provider !== 'pow') {
    if (!next.siteKey) throw badRequest(authMessages.captchaIncomplete, {}, 'siteKey');
    if (!next.secretSealed) throw badRequest(authMessages.captchaIncomplete, {}, 'secret');
  }
  const row = {
    provider: next.provider,
    site_key: next.siteKey,
    secret_sealed: next.secretSealed,
    updated_at: nowIso(),
  };
  await ctx.db.kysely
    .insertInto('site_captcha_settings')
    .values({ site_id: input.siteId, ...row })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(row))
    .execute();
  return view(next);
}

/** The hosted captcha of the request's site, or null where it asks the proof of work. */
export async function hostedCaptchaOf(
  ctx: Pick<AppContext, 'db'>,
  req: Pick<FastifyRequest, 'hostname'>,
): Promise<HostedCaptcha | null> {
  const site = await siteOfRequest(ctx, req);
  if (!site) return null;
  const s = await readStored(ctx, site.id);
  if (s.provider === 'pow' || !s.siteKey || !s.secretSealed) return null;
  return {
    siteId: s.siteId,
    provider: s.provider,
    siteKey: s.siteKey,
    secretSealed: s.secretSealed,
  };
}

/** What the browser needs to show the widget (in the 403's `data.captcha`). */
export const widgetOf = (h: HostedCaptcha) => ({ provider: h.provider, siteKey: h.siteKey });

/** The visitor's token is refused: show the widget again. */
const REFUSED = new Set([
  'missing-input-response',
  'invalid-input-response',
  'timeout-or-duplicate',
  'expired-input-response',
  'already-seen-response',
  'invalid-or-already-seen-response',
]);
/** The site's settings or the provider are at fault: nothing the visitor can do now. */
const OPERATOR = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'sitekey-secret-mismatch',
  'bad-request',
  'internal-error',
  'not-using-dummy-passcode',
  'missing-remoteip',
  'invalid-remoteip',
]);

export type Verdict =
  { ok: true } | { ok: false; kind: 'refused' | 'unavailable'; codes: string[] };

/** Asks the provider's siteverify about a token. Never throws: no answer is `unavailable`. */
export async function verifyToken(
  ctx: Pick<AppContext, 'config'>,
  h: HostedCaptcha,
  token: string,
  ip: string,
): Promise<Verdict> {
  const url =
    h.provider === 'turnstile'
      ? ctx.config.signup.turnstileVerifyUrl
      : ctx.config.signup.hcaptchaVerifyUrl;
  const form = new URLSearchParams({
    secret: secretBox(ctx.config.secretKey).open(h.secretSealed, secretContext(h.siteId)),
    response: token,
    remoteip: ip,
  });
  // hCaptcha refuses a token of another site key when it is given.
  if (h.provider === 'hcaptcha') form.set('sitekey', h.siteKey);
  let answer: unknown;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (res.status >= 500 || res.status === 429)
      return { ok: false, kind: 'unavailable', codes: [`http-${res.status}`] };
    answer = await res.json();
  } catch {
    return { ok: false, kind: 'unavailable', codes: ['no-answer'] };
  }
  if (!answer || typeof answer !== 'object')
    return { ok: false, kind: 'unavailable', codes: ['not-json'] };
  const a = answer as { success?: unknown; 'error-codes'?: unknown };
  if (a.success === true) return { ok: true };
  const codes = (Array.isArray(a['error-codes']) ? a['error-codes'] : [])
    .filter((c): c is string => typeof c === 'string' && /^[\w.-]{1,64}$/.test(c))
    .slice(0, 5);
  if (codes.some((c) => OPERATOR.has(c)) && !codes.some((c) => REFUSED.has(c)))
    return { ok: false, kind: 'unavailable', codes };
  return { ok: false, kind: 'refused', codes };
}

/**
 * Checks the hosted captcha's token of a marked IP's call: passes it, or throws 403 with the
 * widget to show (no token, a malformed one, or the provider refused it), or 503 when the
 * provider cannot say (down, or the site's secret refused): the call fails closed.
 */
export async function assertHostedHuman(
  ctx: Ctx,
  req: FastifyRequest,
  h: HostedCaptcha,
  token: string,
): Promise<void> {
  const ask = (text = authMessages.captchaHostedRequired) =>
    new AppError(403, text, {}, { captcha: widgetOf(h) });
  if (!token) throw ask();
  if (token.length > MAX_TOKEN || !TOKEN.test(token)) throw ask(authMessages.captchaRefused);
  const verdict = await verifyToken(ctx, h, token, req.ip);
  if (verdict.ok) return;
  ctx.log.warn(
    { siteId: h.siteId, provider: h.provider, errorCodes: verdict.codes },
    verdict.kind === 'refused'
      ? 'hosted captcha refused the token'
      : 'hosted captcha could not be checked; check the site captcha settings',
  );
  if (verdict.kind === 'refused') throw ask(authMessages.captchaRefused);
  throw new AppError(503, authMessages.captchaUnavailable);
}
