import type { Generated } from 'kysely';

/**
 * Tables of the sites module (migration 0002_sites). Localized texts and nested groups are
 * JSON text; booleans are 0/1 integers; times are ISO strings.
 */
export interface SitesTable {
  id: Generated<number>;
  /** Host name without port and `www.`; `default` for the fallback site. */
  domain: string;
  is_default: number;
  site_name: string;
  app_logo: string;
  app_ico: string;
  keywords: string;
  description: string;
  top_banner: string;
  recharge: number;
  pay: number;
  menu: number;
  index_path: string;
  /** zh-CN, en-US, zh-TW or browser (migration 0010_site_language). */
  language: string;
  contents: string;
  code: string;
  contact: string;
  customer_service: string;
  advertisement: string;
  created_at: string;
  updated_at: string;
}

export interface SiteGlobalConfigTable {
  key: string;
  /** JSON of the value. */
  value: string;
  updated_at: string;
}

export interface SiteNoticesTable {
  id: Generated<number>;
  site_id: number | null;
  kind: 'notice' | 'mj';
  title: string;
  content: string;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface SiteFaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  sort: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface SiteMenuEntriesTable {
  id: Generated<number>;
  name: string;
  title: string;
  icon: string;
  sort: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface SiteAdJumpsTable {
  id: Generated<number>;
  ad: string;
  domain: string;
  status: number;
  type: number;
  created_at: string;
  updated_at: string;
}

export interface SitesTables {
  sites: SitesTable;
  site_global_config: SiteGlobalConfigTable;
  site_notices: SiteNoticesTable;
  site_faqs: SiteFaqsTable;
  site_menu_entries: SiteMenuEntriesTable;
  site_ad_jumps: SiteAdJumpsTable;
}
