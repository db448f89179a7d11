import type { ColumnType, Generated } from 'kysely';

/** The accounts: users, their sessions (login devices), lockouts and sign-up records. */
export interface UsersTable {
  id: Generated<number>;
  kind: 'guest' | 'registered';
  role: 'guest' | 'user' | 'admin';
  username: string | null;
  username_key: string | null;
  email: string | null;
  email_key: string | null;
  password_hash: string | null;
  guest_id: string | null;
  nickname: Generated<string>;
  avatar: Generated<string>;
  sign: Generated<string>;
  persona_role: Generated<string>;
  invite_code: string | null;
  invited_by: number | null;
  signup_keyword: string | null;
  signup_bd_vid: string | null;
  signup_source: string | null;
  merged_into: number | null;
  disabled_at: string | null;
  last_login_at: string | null;
  /** When the owner proved the email address (migration 0050). */
  email_verified_at: Generated<string | null>;
  /** The linked phone number, E.164, proved by a texted code (migration 0062). */
  phone: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device_name: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account_key: string;
  ip: string;
  created_at: string;
}

export interface AccountLocksTable {
  account_key: string;
  locked_until: string;
}

/** One row per sign-up: where it came from, so that sign-ups from one place can be slowed. */
/**
 * Sign-ups of an IP a day (`signup-ip`), of a device ever (`signup-device`, day ''), guests of
 * an IP a day (`guest-ip`): each new account takes its place here in its transaction.
 */
export interface SignupCountsTable {
  kind: 'signup-ip' | 'signup-device' | 'guest-ip';
  key: string;
  day: string;
  count: number;
}

/** Where each account signed in from (an IPv6 address by its /64), and when last. */
export interface KnownAddressesTable {
  user_id: number;
  ip: string;
  last_at: string;
}

export interface SignupRecordsTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  /** The browser's guest id the sign-up carried (a device id), or null. */
  device_id: string | null;
  /** The day in TIME_ZONE. */
  day: string;
  created_at: string;
}

/** The IP each guest was made from (migration 0030), so guest trials are limited per IP. */
export interface GuestOriginsTable {
  user_id: number;
  ip: string;
  /** The day in TIME_ZONE. */
  day: string;
  created_at: string;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  account_locks: AccountLocksTable;
  signup_records: SignupRecordsTable;
  guest_origins: GuestOriginsTable;
  signup_counts: SignupCountsTable;
  known_addresses: KnownAddressesTable;
}

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

/** Tables of signing in by phone (migration 0062_phone_ways). */
export interface SiteSmsSettingsTable {
  site_id: number;
  enabled: number;
  /** `aliyun` or `tencent` (sms/index.ts). */
  provider: string;
  access_key_id: string;
  /** The AccessKey secret / SecretKey, sealed by lib/secret-box; null when none is set. */
  secret_sealed: string | null;
  sign_name: string;
  template_id: string;
  app_id: string;
  region: string;
  /** Empty: the provider's public endpoint. */
  endpoint: string;
  updated_at: string;
}

export interface PhoneCodesTable {
  id: Generated<number>;
  /** E.164. */
  phone: string;
  /** `sign-in` or `link`. */
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

/** OpenID Connect providers, links and flows (migration 0051_oidc). */
export interface SiteOidcProvidersTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  /** Sealed by lib/secret-box; null for a public client (PKCE only). */
  client_secret_sealed: string | null;
  /** Space-separated, `openid` among them. */
  scopes: string;
  enabled: number;
  position: number;
  updated_at: string;
  /** `oidc`, or `github` (OAuth 2 and the REST API; migration 0073_github_sign_in). */
  kind: ColumnType<ProviderKind, ProviderKind | undefined, ProviderKind>;
}

export type ProviderKind = 'oidc' | 'github';

export interface OidcLinksTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  /** The ID token's `sub` at this provider. */
  subject: string;
  email: string | null;
  created_at: string;
}

export interface OidcFlowsTable {
  id: Generated<number>;
  state: string;
  provider_id: number;
  nonce: string;
  /** The PKCE code verifier, sealed by lib/secret-box. */
  verifier_sealed: string;
  redirect_uri: string;
  link_user_id: number | null;
  ip: string;
  ticket_hash: string | null;
  outcome: string | null;
  user_id: number | null;
  subject: string | null;
  email: string | null;
  email_verified: Generated<number>;
  preferred_name: string | null;
  problem: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Passkeys (migration 0065_passkeys). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 when it keeps none). */
  counter: number;
  /** JSON array of transports (`internal`, `hybrid`, `usb`…). */
  transports: string;
  /** The domain the passkey was made for: it signs in there only. */
  rp_id: string;
  /** The WebAuthn user handle given to the authenticator, base64url. */
  user_handle: string;
  name: string;
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}

export interface PasskeyChallengesTable {
  id: Generated<number>;
  /** SHA-256 of the challenge, base64url: the challenge itself is not stored. */
  challenge_hash: string;
  /** `sign-in`, `register` (for one account) or `sign-up` (a new account). */
  purpose: string;
  /** For `register`: the account the passkey is for. */
  user_id: number | null;
  rp_id: string;
  origin: string;
  ip: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** For `sign-up`: the username the new account gets (shown by the browser with the passkey). */
  username: string | null;
}

/** The captcha where abuse is seen (migration 0052_captcha). */
export interface CaptchaMarksTable {
  id: Generated<number>;
  ip: string;
  until: string;
}

export interface CaptchaUsesTable {
  id: Generated<number>;
  salt: string;
  expires_at: string;
}

/** A site's ways of signing in, in the login dialog's order (JSON `[{ way, offered }]`). */
export interface SiteSignInWaysTable {
  site_id: number;
  ways: string;
  updated_at: string;
}

/** A site's captcha where abuse is seen (migration 0081): `pow`, `turnstile` or `hcaptcha`. */
export interface SiteCaptchaSettingsTable {
  site_id: number;
  provider: string;
  site_key: string;
  secret_sealed: string | null;
  updated_at: string;
}

export interface IdentityTables {
  captcha_marks: CaptchaMarksTable;
  captcha_uses: CaptchaUsesTable;
  site_oidc_providers: SiteOidcProvidersTable;
  oidc_links: OidcLinksTable;
  oidc_flows: OidcFlowsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  site_mail_settings: SiteMailSettingsTable;
  email_codes: EmailCodesTable;
  password_resets: PasswordResetsTable;
  site_sms_settings: SiteSmsSettingsTable;
  phone_codes: PhoneCodesTable;
  site_sign_in_ways: SiteSignInWaysTable;
  site_captcha_settings: SiteCaptchaSettingsTable;
}
