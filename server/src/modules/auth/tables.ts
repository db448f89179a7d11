import type { Generated } from 'kysely';

/** Tables of the sign-in ways (migration 0050_email_ways). Times are ISO strings. */
export interface SiteMailSettingsTable {
  site_id: number;
  enabled: number;
  host: string;
  port: number;
  /** `implicit` (TLS from the start, port 465), `starttls` (required) or `none`. */
  tls: string;
  username: string;
  /** The SMTP password, sealed by lib/secret-box; null when none is set. */
  password_sealed: string | null;
  from_address: string;
  updated_at: string;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email_key: string;
  /** `sign-in` (signs in, making the account when there is none) or `verify`. */
  purpose: string;
  /** HMAC of the code: the code itself is never stored. */
  code_hash: string;
  ip: string;
  wrong_tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  ip: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface IdentityTables {
  site_mail_settings: SiteMailSettingsTable;
  email_codes: EmailCodesTable;
  password_resets: PasswordResetsTable;
}
