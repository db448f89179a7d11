import type { sites } from '@atelier/contracts';
import type { Db } from '../../db/database.js';
import { defaultSite } from './defaults.js';
import { faqKind, jumpKind, menuKind, noticeKind, siteKind } from './kinds.js';
import { Rows, readGlobalConfig } from './repository.js';

/** Everything the public config calls read, loaded at once (these tables are small). */
export interface Snapshot {
  byDomain: Map<string, sites.SiteConfig>;
  defaultSite: sites.SiteConfig;
  global: sites.GlobalConfig;
  /** Enabled notices, in display order. */
  notices: sites.Notice[];
  faqs: sites.FaqEntry[];
  menus: sites.MenuEntry[];
  jumps: sites.AdJump[];
}

/**
 * The host name a site is configured under: lower case, without port, trailing dot or `www.`.
 */
export function normalizeHost(host: string | undefined): string {
  let h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(0, h.indexOf(']') + 1);
  else h = h.replace(/:\d*$/, '');
  return h.replace(/\.$/, '').replace(/^www\./, '');
}

/** Used only until the seed has run (or if an operator deleted the row by hand). */
const builtInDefault: sites.SiteConfig = {
  ...defaultSite,
  id: 0,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
};

async function load(db: Db): Promise<Snapshot> {
  const [siteRows, global, notices, faqs, menus, jumps] = await Promise.all([
    new Rows(db, siteKind).list(),
    readGlobalConfig(db),
    new Rows(db, noticeKind).list(),
    new Rows(db, faqKind).list(),
    new Rows(db, menuKind).list(),
    new Rows(db, jumpKind).list(),
  ]);
  return {
    byDomain: new Map(siteRows.map((s) => [s.domain, s])),
    defaultSite: siteRows.find((s) => s.isDefault) ?? builtInDefault,
    global,
    notices: notices.filter((n) => n.enabled),
    faqs,
    menus,
    jumps,
  };
}

/**
 * Config reads happen on every page load: they are served from memory, reloaded after `ttlMs`
 * and at once after an admin write in this process (other processes catch up within `ttlMs`).
 */
export class SiteDirectory {
  private cached: { at: number; value: Promise<Snapshot> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {}

  snapshot(): Promise<Snapshot> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.value;
    const entry = { at: now, value: load(this.db) };
    this.cached = entry;
    entry.value.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return entry.value;
  }

  invalidate(): void {
    this.cached = null;
  }

  /** The site of a request host; unknown hosts get the default site. */
  async siteFor(host: string | undefined): Promise<{ site: sites.SiteConfig; snap: Snapshot }> {
    const snap = await this.snapshot();
    return { site: snap.byDomain.get(normalizeHost(host)) ?? snap.defaultSite, snap };
  }
}
