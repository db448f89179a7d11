import type { Insertable, Selectable } from 'kysely';
import { sites } from '@atelier/contracts';
import type { Db } from '../../db/database.js';
import type { AppError } from '../../http/errors.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { Localized } from '../../http/messages.js';
import { defaultSite } from './defaults.js';
import { sitesText } from './messages.js';
import type { SitesTables } from './tables.js';

/** The admin-edited rows of this module: how each maps between table, API shape and input. */

type Meta = 'id' | 'createdAt' | 'updatedAt';
export type Draft<E> = Omit<E, Meta>;
export type SiteDraft = Draft<sites.SiteConfig>;
export type NoticeDraft = Draft<sites.Notice>;
export type FaqDraft = Draft<sites.FaqEntry>;
export type MenuDraft = Draft<sites.MenuEntry>;
export type JumpDraft = Draft<sites.AdJump>;

export type CrudTable = Exclude<keyof SitesTables, 'site_global_config'>;
export type RowOf<T extends CrudTable> = Selectable<SitesTables[T]>;
export type ColumnsOf<T extends CrudTable> = Omit<
  Insertable<SitesTables[T]>,
  'id' | 'created_at' | 'updated_at'
>;

export interface Entity {
  id: number;
  createdAt: string;
  updatedAt: string;
}

export interface RowKind<T extends CrudTable, E extends Entity, F> {
  table: T;
  notFound: Localized;
  /** Order of every list. */
  compare(a: E, b: E): number;
  toEntity(row: RowOf<T>): E;
  toColumns(draft: Draft<E>): ColumnsOf<T>;
  /** A new row before the admin's fields are applied. */
  blank(db: Db): Promise<Draft<E>>;
  merge(current: Draft<E>, fields: F): Draft<E>;
  /** Throws an AppError when the draft breaks a rule; `current` is null on create. */
  check?(db: Db, draft: Draft<E>, current: E | null): Promise<void>;
  /** The error for a unique constraint the database caught (two admins at once). */
  duplicate?(draft: Draft<E>): AppError;
  /** Throws when this row must stay. */
  keep?(current: E): void;
}

// ---------------------------------------------------------------- stored values

const empty: sites.LocalizedText = { 'en-US': '', 'zh-CN': '', 'zh-TW': '' };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A stored localized text; a plain string (hand-edited row) counts for every language. */
export function readLocalized(stored: unknown): sites.LocalizedText {
  const value = typeof stored === 'string' ? parseJson(stored) : stored;
  if (typeof value === 'string') return { 'en-US': value, 'zh-CN': value, 'zh-TW': value };
  if (!value || typeof value !== 'object') return { ...empty };
  const given: Partial<Record<sites.Language, string>> = {};
  for (const lang of sites.languages) {
    const v = (value as Record<string, unknown>)[lang];
    if (typeof v === 'string') given[lang] = v;
  }
  return sites.completeLocalized(given);
}

function readObject(stored: string): Record<string, unknown> {
  const value = parseJson(stored);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function readContact(stored: string): sites.QrContact {
  const o = readObject(stored);
  return { text: readLocalized(o.text ?? ''), qrImage: str(o.qrImage) };
}

function readAdvertisement(stored: string): sites.Advertisement {
  const o = readObject(stored);
  return {
    enabled: o.enabled === true,
    image: str(o.image),
    link: str(o.link),
    text: readLocalized(o.text ?? ''),
  };
}

/** A stored site language; anything else (a hand-edited row) is the product default. */
const readSiteLanguage = (v: string): sites.SiteLanguage =>
  sites.siteLanguage.safeParse(v).data ?? 'zh-CN';

const json = (v: unknown): string => JSON.stringify(v);
const bit = (v: boolean): number => (v ? 1 : 0);
const status = (v: number): 0 | 1 => (v === 1 ? 1 : 0);
const bySortThenId = (a: { sort: number; id: number }, b: { sort: number; id: number }) =>
  a.sort - b.sort || a.id - b.id;
const meta = (row: { id: number; created_at: string; updated_at: string }) => ({
  id: row.id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Applies the fields an admin sent over the current values; groups in `nested` merge by key. */
export function mergeFields<D extends object>(
  current: D,
  fields: object,
  nested: readonly string[] = [],
): D {
  const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || key === 'id') continue;
    const before = next[key];
    next[key] =
      nested.includes(key) && before && typeof before === 'object' && typeof value === 'object'
        ? {
            ...before,
            ...Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)),
          }
        : value;
  }
  return next as D;
}

async function siteExists(db: Db, id: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('sites')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- sites

type SiteUpdate = sites.SiteFieldsOut & { domain?: string };

export const siteKind: RowKind<'sites', sites.SiteConfig, SiteUpdate> = {
  table: 'sites',
  notFound: sitesText.siteNotFound,
  compare: (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id,
  toEntity: (row) => ({
    ...meta(row),
    domain: row.domain,
    isDefault: row.is_default === 1,
    siteName: row.site_name,
    appLogo: row.app_logo,
    appIco: row.app_ico,
    keywords: readLocalized(row.keywords),
    description: readLocalized(row.description),
    top_banner: readLocalized(row.top_banner),
    recharge: row.recharge === 2 ? 2 : 1,
    pay: row.pay === 1,
    menu: row.menu === 1,
    index_path: row.index_path,
    language: readSiteLanguage(row.language),
    contents: readLocalized(row.contents),
    code: row.code,
    contact: readContact(row.contact),
    customerService: readContact(row.customer_service),
    advertisement: readAdvertisement(row.advertisement),
  }),
  toColumns: (d) => ({
    domain: d.domain,
    is_default: bit(d.isDefault),
    site_name: d.siteName,
    app_logo: d.appLogo,
    app_ico: d.appIco,
    keywords: json(d.keywords),
    description: json(d.description),
    top_banner: json(d.top_banner),
    recharge: d.recharge,
    pay: bit(d.pay),
    menu: bit(d.menu),
    index_path: d.index_path,
    language: d.language,
    contents: json(d.contents),
    code: d.code,
    contact: json(d.contact),
    customer_service: json(d.customerService),
    advertisement: json(d.advertisement),
  }),
  /** A new domain starts as a copy of the default site's branding. */
  async blank(db) {
    const row = await db.kysely
      .selectFrom('sites')
      .selectAll()
      .where('is_default', '=', 1)
      .executeTakeFirst();
    const base: SiteDraft = row ? siteKind.toEntity(row) : defaultSite;
    const { id: _id, createdAt: _c, updatedAt: _u, ...draft } = base as sites.SiteConfig;
    return { ...draft, isDefault: false, domain: '' };
  },
  merge: (current, fields) =>
    mergeFields(current, fields, ['contact', 'customerService', 'advertisement']),
  async check(db, draft, current) {
    if (current?.isDefault && draft.domain !== 'default')
      throw badRequest(sitesText.defaultDomainKept, {}, 'domain');
    if (!current?.isDefault && draft.domain === 'default')
      throw badRequest(sitesText.reservedDomain, {}, 'domain');
    const taken = await db.kysely
      .selectFrom('sites')
      .select('id')
      .where('domain', '=', draft.domain)
      .where('id', '!=', current?.id ?? 0)
      .executeTakeFirst();
    if (taken) throw siteKind.duplicate!(draft);
  },
  duplicate: (draft) => conflict(sitesText.domainTaken, { domain: draft.domain }),
  keep(current) {
    if (current.isDefault) throw badRequest(sitesText.defaultSiteKept, {}, 'id');
  },
};

// ---------------------------------------------------------------- notices

export const noticeKind: RowKind<'site_notices', sites.Notice, sites.NoticeFieldsOut> = {
  table: 'site_notices',
  notFound: sitesText.noticeNotFound,
  compare: (a, b) => a.sort - b.sort || b.id - a.id,
  toEntity: (row) => ({
    ...meta(row),
    siteId: row.site_id,
    kind: row.kind === 'mj' ? 'mj' : 'notice',
    title: readLocalized(row.title),
    content: readLocalized(row.content),
    sort: row.sort,
    enabled: row.enabled === 1,
  }),
  toColumns: (d) => ({
    site_id: d.siteId,
    kind: d.kind,
    title: json(d.title),
    content: json(d.content),
    sort: d.sort,
    enabled: bit(d.enabled),
  }),
  blank: async () => ({
    siteId: null,
    kind: 'notice',
    title: { ...empty },
    content: { ...empty },
    sort: 0,
    enabled: true,
  }),
  merge: (current, fields) => mergeFields(current, fields),
  async check(db, draft) {
    if (draft.siteId !== null && !(await siteExists(db, draft.siteId)))
      throw badRequest(sitesText.noticeSiteMissing, { id: draft.siteId }, 'siteId');
  },
};

// ---------------------------------------------------------------- FAQ

export const faqKind: RowKind<'site_faqs', sites.FaqEntry, sites.FaqFieldsOut> = {
  table: 'site_faqs',
  notFound: sitesText.faqNotFound,
  compare: bySortThenId,
  toEntity: (row) => ({
    ...meta(row),
    question: readLocalized(row.question),
    answer: readLocalized(row.answer),
    sort: row.sort,
    status: status(row.status),
  }),
  toColumns: (d) => ({
    question: json(d.question),
    answer: json(d.answer),
    sort: d.sort,
    status: d.status,
  }),
  blank: async () => ({ question: { ...empty }, answer: { ...empty }, sort: 0, status: 1 }),
  merge: (current, fields) => mergeFields(current, fields),
};

// ---------------------------------------------------------------- side menu

export const menuKind: RowKind<'site_menu_entries', sites.MenuEntry, sites.MenuFieldsOut> = {
  table: 'site_menu_entries',
  notFound: sitesText.menuNotFound,
  compare: bySortThenId,
  toEntity: (row) => ({
    ...meta(row),
    name: row.name,
    path: `/${row.name}`,
    title: readLocalized(row.title),
    icon: row.icon,
    sort: row.sort,
    status: status(row.status),
  }),
  toColumns: (d) => ({
    name: d.name,
    title: json(d.title),
    icon: d.icon,
    sort: d.sort,
    status: d.status,
  }),
  blank: async () => ({ name: '', path: '/', title: { ...empty }, icon: '', sort: 0, status: 1 }),
  merge: (current, fields) => {
    const next = mergeFields(current, fields);
    return { ...next, path: `/${next.name}` };
  },
  async check(db, draft, current) {
    const taken = await db.kysely
      .selectFrom('site_menu_entries')
      .select('id')
      .where('name', '=', draft.name)
      .where('id', '!=', current?.id ?? 0)
      .executeTakeFirst();
    if (taken) throw menuKind.duplicate!(draft);
  },
  duplicate: (draft) => conflict(sitesText.menuNameTaken, { name: draft.name }),
};

// ---------------------------------------------------------------- ad jumps

export const jumpKind: RowKind<'site_ad_jumps', sites.AdJump, sites.AdJumpFieldsOut> = {
  table: 'site_ad_jumps',
  notFound: sitesText.jumpNotFound,
  compare: (a, b) => a.id - b.id,
  toEntity: (row) => ({
    ...meta(row),
    ad: row.ad,
    domain: row.domain,
    status: status(row.status),
    type: row.type === 2 ? 2 : 1,
  }),
  toColumns: (d) => ({ ad: d.ad, domain: d.domain, status: d.status, type: d.type }),
  blank: async () => ({ ad: '', domain: '', status: 1, type: 1 }),
  merge: (current, fields) => mergeFields(current, fields),
};
