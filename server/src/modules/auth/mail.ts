import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { secretBox } from '../../lib/secret-box.js';
import { normalizeHost, readLocalized, siteExists, sitesForHost } from '../sites/index.js';
import { authMessages } from './messages.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type Tls = (typeof identity.mailTls.options)[number];

/** The site a request is for: the one configured under its host name, else the default. */
export interface SiteRef {
  id: number;
  /** The site's own domain, or null for the default site (then `config.publicUrl` is used). */
  domain: string | null;
  name: Record<Lang, string>;
}

export async function siteOfRequest(
  ctx: Pick<AppContext, 'db'>,
  req: Pick<FastifyRequest, 'hostname'>,
): Promise<SiteRef | null> {
  const host = normalizeHost(req.hostname);
  const rows = await sitesForHost(ctx.db.kysely, host);
  const row = rows.find((r) => r.domain === host) ?? rows.find((r) => r.is_default === 1);
  if (!row) return null;
  return {
    id: row.id,
    domain: row.is_default === 1 && row.domain !== host ? null : row.domain,
    name: readLocalized(row.site_name),
  };
}

/**
 * Where a mailed link points: the site's own domain (the scheme and port of PUBLIC_URL), never the Host
 * the request claimed, so nobody can have a reset link sent that points at their server.
 */
export function siteOrigin(ctx: Pick<AppContext, 'config'>, site: SiteRef | null): string {
  const publicUrl = ctx.config.publicUrl ?? 'http://localhost';
  if (!site?.domain || site.domain === 'default') return publicUrl;
  const base = new URL(publicUrl);
  return `${base.protocol}//${site.domain}${base.port ? `:${base.port}` : ''}`;
}

interface Stored {
  siteId: number;
  enabled: boolean;
  host: string;
  port: number;
  tls: Tls;
  username: string;
  passwordSealed: string | null;
  from: string;
}

const secretContext = (siteId: number) => `mail:${siteId}:password`;

async function readStored(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<Stored> {
  const row = await ctx.db.kysely
    .selectFrom('site_mail_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return {
    siteId,
    enabled: row?.enabled === 1,
    host: row?.host ?? '',
    port: row?.port ?? 465,
    tls: (row?.tls as Tls | undefined) ?? 'implicit',
    username: row?.username ?? '',
    passwordSealed: row?.password_sealed ?? null,
    from: row?.from_address ?? '',
  };
}

const usable = (s: Stored) => s.host !== '' && s.from !== '';

function view(s: Stored): identity.MailSettingsView {
  return {
    siteId: s.siteId,
    enabled: s.enabled && usable(s),
    host: s.host,
    port: s.port,
    tls: s.tls,
    username: s.username,
    password: s.passwordSealed ? 'set' : 'not set',
    from: s.from,
  };
}

async function assertSite(ctx: Pick<AppContext, 'db'>, siteId: number): Promise<void> {
  if (!(await siteExists(ctx.db.kysely, siteId))) throw notFound(authMessages.siteNotFound);
}

export async function readMailSettings(
  ctx: Pick<AppContext, 'db'>,
  siteId: number,
): Promise<identity.MailSettingsView> {
  await assertSite(ctx, siteId);
  return view(await readStored(ctx, siteId));
}

/** A bare address, or `Name <address>`. */
const fromPattern = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

export async function updateMailSettings(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: {
    siteId: number;
    enabled?: boolean | undefined;
    host?: string | undefined;
    port?: number | undefined;
    tls?: Tls | undefined;
    username?: string | undefined;
    password?: string | null | undefined;
    from?: string | undefined;
  },
): Promise<identity.MailSettingsView> {
  await assertSite(ctx, input.siteId);
  const current = await readStored(ctx, input.siteId);
  if (input.from !== undefined && input.from !== '' && !fromPattern.test(input.from))
    throw badRequest(authMessages.mailFromInvalid, {}, 'from');
  const next: Stored = {
    ...current,
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.host !== undefined ? { host: input.host } : {}),
    ...(input.port !== undefined ? { port: input.port } : {}),
    ...(input.tls !== undefined ? { tls: input.tls } : {}),
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.from !== undefined ? { from: input.from } : {}),
  };
  if (input.password === null) next.passwordSealed = null;
  else if (input.password !== undefined)
    next.passwordSealed = secretBox(ctx.config.secretKey).seal(
      input.password,
      secretContext(input.siteId),
    );
  if (next.enabled && !usable(next))
    throw badRequest(authMessages.mailIncomplete, {}, next.host ? 'from' : 'host');
  const row = {
    enabled: next.enabled ? 1 : 0,
    host: next.host,
    port: next.port,
    tls: next.tls,
    username: next.username,
    password_sealed: next.passwordSealed,
    from_address: next.from,
    updated_at: nowIso(),
  };
  await ctx.db.kysely
    .insertInto('site_mail_settings')
    .values({ site_id: input.siteId, ...row })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(row))
    .execute();
  return view(next);
}

/** Whether this site offers the ways that need mail (codes, password resets). */
export async function mailOffered(ctx: Pick<AppContext, 'db'>, siteId: number | undefined) {
  if (siteId === undefined) return false;
  const s = await readStored(ctx, siteId);
  return s.enabled && usable(s);
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one mail with a site's saved settings; throws nodemailer's error. */
async function deliver(ctx: Ctx, s: Stored, mail: Mail): Promise<void> {
  const password = s.passwordSealed
    ? secretBox(ctx.config.secretKey).open(s.passwordSealed, secretContext(s.siteId))
    : '';
  // Loaded with the first mail: a server that sends none keeps its memory (docs/scaling.md).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.tls === 'implicit',
    requireTLS: s.tls === 'starttls',
    ignoreTLS: s.tls === 'none',
    ...(s.username ? { auth: { user: s.username, pass: password } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: s.from, ...mail });
  } finally {
    transport.close();
  }
}

/**
 * Sends a mail for a site that offers mail; a failure is logged (without the mail, which holds
 * a code or a link) and answered as a 503 the user can read.
 */
export async function sendSiteMail(ctx: Ctx, siteId: number, mail: Mail): Promise<void> {
  const s = await readStored(ctx, siteId);
  if (!(s.enabled && usable(s))) throw badRequest(authMessages.mailOff);
  try {
    await deliver(ctx, s, mail);
  } catch (error) {
    ctx.log.warn(
      { siteId, problem: (error as Error).message },
      'mail could not be sent; check the site mail settings',
    );
    throw new AppError(503, authMessages.mailFailed);
  }
}

/** The console's "send a test mail": the server's answer, whether or not mail is enabled. */
export async function sendTestMail(
  ctx: Ctx,
  siteId: number,
  to: string,
  lang: Lang,
): Promise<{ sent: boolean; problem: string | null }> {
  await assertSite(ctx, siteId);
  const s = await readStored(ctx, siteId);
  if (!usable(s)) throw badRequest(authMessages.mailIncomplete, {}, s.host ? 'from' : 'host');
  const text = authMessages.testMail[lang];
  try {
    await deliver(ctx, s, { to, subject: text, text, html: `<p>${text}</p>` });
    return { sent: true, problem: null };
  } catch (error) {
    return { sent: false, problem: (error as Error).message.slice(0, 500) };
  }
}
