import { sites } from '@atelier/contracts';
import type { z } from 'zod';
import type { AdminCommand } from '../../cli/command.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { format } from '../../http/messages.js';
import { describeIssue } from '../../http/validation.js';
import { siteKind } from './kinds.js';
import { Rows, readGlobalConfig, writeGlobalConfig } from './repository.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 2) => {
  process.stderr.write(`${line}\n`);
  return code;
};
const pickedUp = '(running servers pick it up within 5 seconds)';

function problems(error: z.ZodError, prefix: string[] = []): string {
  return error.issues
    .map((i) => `${[...prefix, ...i.path.map(String)].join('.')}: ${describeIssue(i, 'en-US')}`)
    .join('; ');
}

function parseFlag(value: string): boolean | string {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return value;
}

// ---------------------------------------------------------------- set-config

/** clientMenuList takes a JSON list or names separated by commas. */
function globalValue(key: sites.GlobalConfigKey, value: string): unknown {
  if (key !== 'clientMenuList') return value;
  if (value.trim().startsWith('[')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const setConfigCommand: AdminCommand = {
  name: 'set-config',
  usage: 'set-config [<key> <value>]',
  summary: `Set a global config key (${sites.globalConfigKeys.join(', ')}); no key: show them`,
  async run(ctx, args) {
    const [key, value] = args.positional;
    if (key === undefined) {
      out(JSON.stringify(await readGlobalConfig(ctx.db), null, 2));
      return 0;
    }
    const known = sites.globalConfigKeys.find((k) => k === key);
    if (!known) return fail(`Unknown key ${key}; keys: ${sites.globalConfigKeys.join(', ')}`);
    if (value === undefined) return fail(`Usage: set-config ${key} <value>`);
    const parsed = sites.globalConfigInput.safeParse({ [known]: globalValue(known, value) });
    if (!parsed.success) return fail(problems(parsed.error));
    const saved = await writeGlobalConfig(ctx.db, parsed.data);
    out(`${known} = ${JSON.stringify(saved[known])} ${pickedUp}`);
    return 0;
  },
};

// ---------------------------------------------------------------- site

const localizedKeys = new Set([
  'keywords',
  'description',
  'top_banner',
  'contents',
  'contact.text',
  'customerService.text',
  'advertisement.text',
]);
const flagKeys = new Set(['pay', 'menu', 'advertisement.enabled']);
export const siteKeys = [
  'siteName',
  'appLogo',
  'appIco',
  'keywords',
  'description',
  'top_banner',
  'recharge',
  'pay',
  'menu',
  'index_path',
  'language',
  'contents',
  'code',
  'contact.text',
  'contact.qrImage',
  'customerService.text',
  'customerService.qrImage',
  'advertisement.enabled',
  'advertisement.image',
  'advertisement.link',
  'advertisement.text',
] as const;

const get = (o: object, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

/**
 * The value as the site fields take it. A localized text given with `--lang` changes only that
 * language; JSON (`{"en-US": …}`) sets several; plain text sets all three.
 */
function siteValue(
  key: string,
  value: string,
  lang: string | true | undefined,
  current: sites.SiteConfig | null,
): unknown {
  if (flagKeys.has(key)) return parseFlag(value);
  if (key === 'recharge') return Number(value);
  if (!localizedKeys.has(key)) return value;
  if (typeof lang === 'string') {
    const before = current ? (get(current, key.split('.')) as sites.LocalizedText) : undefined;
    return { ...before, [lang]: value };
  }
  if (value.trim().startsWith('{')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

async function findSite(db: Db, domain: string): Promise<sites.SiteConfig | null> {
  const list = await new Rows(db, siteKind).list();
  return list.find((s) => s.domain === domain) ?? null;
}

const siteUsage = 'site <domain|default> [<key> <value> [--lang zh-CN] | delete]';

export const siteCommand: AdminCommand = {
  name: 'site',
  usage: siteUsage,
  summary: "Show or set a domain's site config (a new domain starts as a copy of the default site)",
  async run(ctx, args) {
    const [rawDomain, key, value] = args.positional;
    if (!rawDomain) return fail(`Usage: ${siteUsage}`);
    let domain = 'default';
    if (rawDomain.toLowerCase() !== 'default') {
      const parsed = sites.domainName.safeParse(rawDomain);
      if (!parsed.success) return fail(`domain: ${problems(parsed.error)}`);
      domain = parsed.data;
    }
    const rows = new Rows(ctx.db, siteKind);
    const current = await findSite(ctx.db, domain);
    try {
      if (key === undefined) {
        if (!current) return fail(`No site configuration for ${domain}.`, 1);
        out(JSON.stringify(current, null, 2));
        return 0;
      }
      if (key === 'delete') {
        if (!current) return fail(`No site configuration for ${domain}.`, 1);
        await rows.remove(current.id);
        out(`Site ${domain} deleted ${pickedUp}`);
        return 0;
      }
      if (!(siteKeys as readonly string[]).includes(key))
        return fail(`Unknown key ${key}; keys: ${siteKeys.join(', ')}`);
      if (value === undefined) return fail(`Usage: site ${domain} ${key} <value>`);
      const lang = args.options.lang;
      if (lang !== undefined && !sites.languages.some((l) => l === lang))
        return fail(`--lang must be one of ${sites.languages.join(', ')}`);

      const path = key.split('.');
      const raw = siteValue(key, value, lang, current);
      const fields: Record<string, unknown> =
        path.length === 2 ? { [path[0]!]: { [path[1]!]: raw } } : { [key]: raw };
      const parsed = sites.siteFields.safeParse(fields);
      if (!parsed.success) return fail(problems(parsed.error));
      const saved = current
        ? await rows.update(current.id, parsed.data)
        : await rows.create({ ...parsed.data, domain });
      out(
        `Site ${domain}${current ? '' : ' (created)'}: ${key} = ${JSON.stringify(get(saved, path))} ${pickedUp}`,
      );
      return 0;
    } catch (error) {
      if (error instanceof AppError) return fail(format(error.text, 'en-US', error.params), 1);
      throw error;
    }
  },
};
