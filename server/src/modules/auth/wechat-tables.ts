import type { Generated } from 'kysely';

/** WeChat official-account scan sign-in (migration 0071_wechat_ways, docs/identity.md). */
export interface SiteWechatSettingsTable {
  site_id: number;
  enabled: number;
  /** The official account's AppID (wx…). */
  app_id: string;
  /** AppSecret and the server-address Token, sealed by lib/secret-box. */
  secret_sealed: string | null;
  token_sealed: string | null;
  updated_at: string;
}

export interface WechatLinksTable {
  id: Generated<number>;
  user_id: number;
  app_id: string;
  /** The scanner's openid under that official account. */
  openid: string;
  created_at: string;
}

export interface WechatScenesTable {
  id: Generated<number>;
  /** The random scene string of the QR code (`QR_STR_SCENE`). */
  scene: string;
  /** SHA-256 of the key the browser polls with. */
  poll_hash: string;
  site_id: number;
  app_id: string;
  /** Set for a QR code that links WeChat to this signed-in account. */
  link_user_id: number | null;
  ip: string;
  openid: string | null;
  /** After the scan: `scanned` (sign-in), `linked`, or `taken` (linked elsewhere). */
  outcome: string | null;
  created_at: string;
  expires_at: string;
  scanned_at: string | null;
  used_at: string | null;
}

export interface WechatTables {
  site_wechat_settings: SiteWechatSettingsTable;
  wechat_links: WechatLinksTable;
  wechat_scenes: WechatScenesTable;
}
