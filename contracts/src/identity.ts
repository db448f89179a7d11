import { z } from 'zod';
import { password, userInfo } from './auth.js';
import { endpoint } from './endpoint.js';
export * from './passkeys.js';

/**
 * Ways of signing in besides a username and password (docs/identity.md): an emailed 6-digit
 * code, verifying the address, and resetting a forgotten password by an emailed link.
 */

export const emailAddress = z.email().trim().max(254);
export const emailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: '6 digits' });

/**
 * One way of signing in, as a site's ordered list names it (docs/identity.md, "Ways per
 * site"): `oidc:<slug>` is one "Sign in with …" provider of the site (OpenID Connect or OAuth).
 */
export const wayKey = z
  .string()
  .trim()
  .max(40)
  .regex(/^(password|email|phone|wechat|passkey|oidc:[a-z0-9][a-z0-9-]{0,31})$/, {
    message: 'password, email, phone, wechat, passkey or oidc:<provider>',
  });
export type WayKey = z.infer<typeof wayKey>;

/** The ways the login dialog offers on this site. */
export const offeredWays = z.object({
  /**
   * The offered ways that work here, in the site's order (the dialog shows them so and selects
   * the first); each is also flagged below.
   */
  order: z.array(z.string()).default(['password']),
  /** A username (or email) and a password, and signing up with them. */
  password: z.boolean(),
  /** "Forgot password?" by email: the password is offered and the site sends mail. */
  forgot: z.boolean().default(false),
  /** An emailed 6-digit code and "forgot password" by email: offered once the site can send mail. */
  email: z.boolean(),
  /** A 6-digit code by SMS: offered once the site's SMS provider is set up (docs/identity.md). */
  phone: z.boolean().default(false),
  /** Scanning the site's WeChat official account QR code (docs/identity.md, WeChat). */
  wechat: z.boolean().default(false),
  /** Passkeys (WebAuthn): offered where the site's address is a secure origin with a domain name. */
  passkey: z.boolean().default(false),
  /** "Sign in with …": the site's offered providers, in the site's order. */
  oidc: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type OfferedWays = z.infer<typeof offeredWays>;

/** One way in a site's list, as the console edits it. */
export const siteWay = z.object({
  way: wayKey,
  /** Shown in the login dialog (when it works on the site). */
  offered: z.boolean(),
});

export const siteWaysView = z.object({
  siteId: z.number().int(),
  /** Every way the site could offer, in its order (ways never saved come last, offered). */
  ways: z.array(
    siteWay.extend({
      /** Set up and switched on for the site now (its mail, SMS, WeChat, provider, HTTPS…). */
      ready: z.boolean(),
      /** A provider's button name (`oidc:<slug>` only). */
      name: z.string().optional(),
    }),
  ),
});
export type SiteWaysView = z.infer<typeof siteWaysView>;

export const adminSignInWays = endpoint({
  method: 'GET',
  path: '/admin/sign-in-ways',
  access: 'admin',
  summary: "A site's ways of signing in, in the login dialog's order, each offered or not",
  tags: ['admin', 'auth'],
  query: z.object({ siteId: z.coerce.number().int().min(1) }),
  data: siteWaysView,
});

export const adminUpdateSignInWays = endpoint({
  method: 'POST',
  path: '/admin/sign-in-ways',
  access: 'admin',
  summary:
    "Set which ways a site's login dialog offers and in which order (a way left out is not offered); an unknown way is a 400",
  tags: ['admin', 'auth'],
  body: z.object({
    siteId: z.number().int().min(1),
    ways: z.array(siteWay).min(1).max(64),
  }),
  data: siteWaysView,
});

export const ways = endpoint({
  method: 'GET',
  path: '/auth/ways',
  access: 'public',
  summary: 'The ways of signing in this site offers',
  tags: ['auth'],
  data: offeredWays,
});

export const sendEmailCode = endpoint({
  method: 'POST',
  path: '/auth/email/code',
  access: 'public',
  summary:
    'Mail a 6-digit sign-in code to an address (limited per address and per IP); answers the same whether or not an account has it',
  tags: ['auth'],
  body: z.object({ email: emailAddress }),
  data: z.object({ expiresInSeconds: z.number().int() }),
});

export const emailLogin = endpoint({
  method: 'POST',
  path: '/auth/email/login',
  access: 'public',
  summary:
    'Sign in (or sign up, when no account has the address) with the mailed code; a guest calling it hands its data to the account',
  tags: ['auth'],
  body: z.object({
    email: emailAddress,
    code: emailCode,
    /** The inviter's invite code, used when this makes a new account. */
    invitedBy: z.string().trim().max(64).optional(),
  }),
  data: z.object({ token: z.string(), created: z.boolean() }),
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/auth/password/forgot',
  access: 'public',
  summary:
    'Mail a single-use link that sets a new password; answers the same whether or not an account has the address',
  tags: ['auth'],
  body: z.object({ email: emailAddress }),
  data: z.object({ expiresInSeconds: z.number().int() }),
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/auth/password/reset',
  access: 'public',
  summary: 'Set a new password with the mailed link (once; it expires); signs every device out',
  tags: ['auth'],
  body: z.object({ token: z.string().trim().min(20).max(200), password }),
  data: z.null(),
});

/** One way an account can be signed in with, as the user centre lists it. */
export const linkedWay = z.object({
  kind: z.enum(['password', 'email', 'phone', 'oidc', 'wechat']),
  /** For an OpenID Connect or WeChat link: its id (to remove it); for OIDC the provider's name. */
  id: z.number().int().optional(),
  provider: z.string().optional(),
  /** The username, the address, or the provider account's address or subject. */
  label: z.string(),
  /** For an email: whether its owner proved it; a password is always true. */
  verified: z.boolean(),
  /** False for the last way the account can sign in with on this site (never removed). */
  unlinkable: z.boolean(),
});
export type LinkedWay = z.infer<typeof linkedWay>;

export const listWays = endpoint({
  method: 'GET',
  path: '/user/ways',
  access: 'user',
  summary: 'The ways the caller can sign in with, and the ways this site offers',
  tags: ['user'],
  data: z.object({ rows: z.array(linkedWay), offered: offeredWays }),
});

export const sendVerifyCode = endpoint({
  method: 'POST',
  path: '/user/email/code',
  access: 'user',
  summary: "Mail a 6-digit code to the account's own address, to verify it",
  tags: ['user'],
  data: z.object({ expiresInSeconds: z.number().int() }),
});

export const verifyEmail = endpoint({
  method: 'POST',
  path: '/user/email/verify',
  access: 'user',
  summary: "Verify the account's address with the mailed code",
  tags: ['user'],
  body: z.object({ code: emailCode }),
  data: userInfo,
});

export const sendLinkCode = endpoint({
  method: 'POST',
  path: '/user/email/link/code',
  access: 'user',
  summary:
    'Mail a 6-digit code to an address the caller wants to link (409 when another account has it)',
  tags: ['user'],
  body: z.object({ email: emailAddress }),
  data: z.object({ expiresInSeconds: z.number().int() }),
});

export const linkEmail = endpoint({
  method: 'POST',
  path: '/user/email/link',
  access: 'user',
  summary: "Link (or replace) the account's address with the mailed code; it is verified by it",
  tags: ['user'],
  body: z.object({ email: emailAddress, code: emailCode }),
  data: userInfo,
});

export const setPassword = endpoint({
  method: 'POST',
  path: '/user/password/set',
  access: 'user',
  summary: 'Set the first password of an account that has none (made by an email code)',
  tags: ['user'],
  body: z.object({ password }),
  data: z.null(),
});

export const unlinkWay = endpoint({
  method: 'POST',
  path: '/user/ways/unlink',
  access: 'user',
  summary:
    'Remove a sign-in way; refused (400) for the last way the account can sign in with on this site',
  tags: ['user'],
  body: z.object({
    kind: z.enum(['password', 'email', 'phone', 'oidc', 'wechat']),
    /** The link's id, for `oidc` and `wechat`. */
    id: z.number().int().min(1).optional(),
  }),
  data: z.null(),
});

// ---------------------------------------------------------------- OpenID Connect

const oidcSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'lower-case letters, digits and -' });

export const oidcFinishData = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('signed-in'), token: z.string(), created: z.boolean() }),
  z.object({ outcome: z.literal('linked') }),
  z.object({ outcome: z.literal('consent'), provider: z.string(), email: z.string() }),
]);
export type OidcFinishData = z.infer<typeof oidcFinishData>;

export const oidcStart = endpoint({
  method: 'POST',
  path: '/auth/oidc/start',
  access: 'public',
  summary:
    "Begin signing in with a site's OpenID Connect provider: answers the provider's authorization URL (state, nonce and PKCE held by the server)",
  tags: ['auth'],
  body: z.object({ provider: oidcSlug }),
  data: z.object({ url: z.string() }),
});

export const oidcLinkStart = endpoint({
  method: 'POST',
  path: '/user/oidc/start',
  access: 'user',
  summary: 'Begin linking an OpenID Connect provider to the signed-in account',
  tags: ['user'],
  body: z.object({ provider: oidcSlug }),
  data: z.object({ url: z.string() }),
});

export const oidcFinish = endpoint({
  method: 'POST',
  path: '/auth/oidc/finish',
  access: 'public',
  summary:
    "Exchange the one-time ticket the callback put in the page's fragment: signs in (a guest's data moves), links, or asks consent to link to the account with the same verified address",
  tags: ['auth'],
  body: z.object({
    ticket: z.string().trim().min(20).max(200),
    /** The user agreed to link the provider to the account with the same verified address. */
    consent: z.boolean().optional(),
    invitedBy: z.string().trim().max(64).optional(),
  }),
  data: oidcFinishData,
});

/**
 * `oidc`: any OpenID Connect provider (discovery, an ID token); `github`: GitHub's OAuth 2 web
 * flow and its REST API (no issuer to type: GitHub's addresses are fixed).
 */
export const signInProviderKind = z.enum(['oidc', 'github']);

export const oidcProviderView = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: signInProviderKind,
  slug: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** The secret is never sent back: only whether it is set. */
  clientSecret: z.enum(['set', 'not set']),
  scopes: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
});
export type OidcProviderView = z.infer<typeof oidcProviderView>;

export const adminOidcProviders = endpoint({
  method: 'GET',
  path: '/admin/oidc',
  access: 'admin',
  summary:
    "A site's OpenID Connect providers (secrets shown only as set / not set) and the callback URL to register",
  tags: ['admin', 'auth'],
  query: z.object({ siteId: z.coerce.number().int().min(1) }),
  data: z.object({ rows: z.array(oidcProviderView), callbackUrl: z.string() }),
});

export const oidcProviderInput = z
  .object({
    /** Absent: a new provider. */
    id: z.number().int().min(1).optional(),
    siteId: z.number().int().min(1),
    /** Absent: `oidc`. */
    kind: signInProviderKind.optional(),
    slug: oidcSlug,
    name: z.string().trim().min(1).max(60),
    /**
     * OpenID Connect: the issuer exactly as its discovery document names it (https, a public
     * address). GitHub: not used (may be absent).
     */
    issuer: z.url().trim().max(500).optional(),
    clientId: z.string().trim().min(1).max(500),
    /** A new value replaces it, `null` clears it (a public client), absent keeps it. */
    clientSecret: z.string().min(1).max(2000).nullable().optional(),
    /** OpenID Connect: `openid` among them; GitHub: e.g. `read:user user:email`. */
    scopes: z
      .string()
      .trim()
      .max(500)
      .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, { message: 'space-separated scopes' }),
    enabled: z.boolean(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .superRefine((v, check) => {
    if ((v.kind ?? 'oidc') !== 'oidc') return;
    if (!v.issuer) check.addIssue({ code: 'custom', path: ['issuer'], message: 'required' });
    if (!v.scopes.split(' ').includes('openid'))
      check.addIssue({ code: 'custom', path: ['scopes'], message: 'must include openid' });
  });
export type OidcProviderInput = z.infer<typeof oidcProviderInput>;

export const adminSaveOidcProvider = endpoint({
  method: 'POST',
  path: '/admin/oidc',
  access: 'admin',
  summary:
    "Add or change a site's OpenID Connect provider; the issuer's discovery document is read first and a failure says why",
  tags: ['admin', 'auth'],
  body: oidcProviderInput,
  data: oidcProviderView,
});

export const adminDeleteOidcProvider = endpoint({
  method: 'POST',
  path: '/admin/oidc/delete',
  access: 'admin',
  summary: 'Remove an OpenID Connect provider (its links go with it)',
  tags: ['admin', 'auth'],
  body: z.object({ id: z.number().int().min(1) }),
  data: z.null(),
});

// ---------------------------------------------------------------- console

export const mailTls = z.enum(['implicit', 'starttls', 'none']);

export const mailSettingsView = z.object({
  siteId: z.number().int(),
  /** Whether the site offers email codes and password resets (needs host and from). */
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  tls: mailTls,
  username: z.string(),
  /** The password is never sent back: only whether it is set. */
  password: z.enum(['set', 'not set']),
  from: z.string(),
});
export type MailSettingsView = z.infer<typeof mailSettingsView>;

export const adminMailSettings = endpoint({
  method: 'GET',
  path: '/admin/mail',
  access: 'admin',
  summary: "A site's SMTP settings (the password shown only as set / not set)",
  tags: ['admin', 'auth'],
  query: z.object({ siteId: z.coerce.number().int().min(1) }),
  data: mailSettingsView,
});

export const mailSettingsInput = z.object({
  siteId: z.number().int().min(1),
  enabled: z.boolean().optional(),
  host: z
    .string()
    .trim()
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]*$/, { message: 'a host name or address' })
    .optional(),
  port: z.number().int().min(1).max(65535).optional(),
  tls: mailTls.optional(),
  username: z.string().trim().max(254).optional(),
  /** A new value replaces it, `null` clears it, absent keeps it. */
  password: z.string().min(1).max(500).nullable().optional(),
  /** `Name <address>` or an address. */
  from: z.string().trim().max(320).optional(),
});
export type MailSettingsInput = z.infer<typeof mailSettingsInput>;

export const adminUpdateMailSettings = endpoint({
  method: 'POST',
  path: '/admin/mail',
  access: 'admin',
  summary: "Change a site's SMTP settings",
  tags: ['admin', 'auth'],
  body: mailSettingsInput,
  data: mailSettingsView,
});

export const adminTestMail = endpoint({
  method: 'POST',
  path: '/admin/mail/test',
  access: 'admin',
  summary:
    "Send a test mail with a site's saved SMTP settings; a failure says what the server answered",
  tags: ['admin', 'auth'],
  body: z.object({ siteId: z.number().int().min(1), to: emailAddress }),
  data: z.object({ sent: z.boolean(), problem: z.string().nullable() }),
});

// ---------------------------------------------------------------- phone (SMS codes)

/**
 * A phone number: E.164 (`+` country code and number, 8 to 15 digits), or a bare 11-digit
 * mainland China number (`1…`), read as +86. Spaces, dashes and brackets are dropped.
 */
export const phoneNumber = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .transform((v) => (/^1\d{10}$/.test(v) ? `+86${v}` : v.startsWith('00') ? `+${v.slice(2)}` : v))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, { message: 'an international number (+86…)' }));

export const sendPhoneCode = endpoint({
  method: 'POST',
  path: '/auth/phone/code',
  access: 'public',
  summary:
    'Text a 6-digit sign-in code to a number (limited per number and per IP per hour); answers the same whether or not an account has it',
  tags: ['auth'],
  body: z.object({ phone: phoneNumber }),
  data: z.object({ expiresInSeconds: z.number().int() }),
});

export const phoneLogin = endpoint({
  method: 'POST',
  path: '/auth/phone/login',
  access: 'public',
  summary:
    'Sign in (or sign up, when no account has the number) with the texted code; a guest calling it hands its data to the account',
  tags: ['auth'],
  body: z.object({
    phone: phoneNumber,
    code: emailCode,
    invitedBy: z.string().trim().max(64).optional(),
  }),
  data: z.object({ token: z.string(), created: z.boolean() }),
});

export const sendPhoneLinkCode = endpoint({
  method: 'POST',
  path: '/user/phone/link/code',
  access: 'user',
  summary:
    'Text a 6-digit code to a number the caller wants to link (409 when another account has it)',
  tags: ['user'],
  body: z.object({ phone: phoneNumber }),
  data: z.object({ expiresInSeconds: z.number().int() }),
});

export const linkPhone = endpoint({
  method: 'POST',
  path: '/user/phone/link',
  access: 'user',
  summary: "Link (or replace) the account's phone number with the texted code",
  tags: ['user'],
  body: z.object({ phone: phoneNumber, code: emailCode }),
  data: userInfo,
});

export const smsProvider = z.enum(['aliyun', 'tencent']);

export const smsSettingsView = z.object({
  siteId: z.number().int(),
  /** Whether the site offers phone codes (needs every field its provider asks for). */
  enabled: z.boolean(),
  provider: smsProvider,
  /** Aliyun AccessKey ID, or Tencent Cloud SecretId. */
  accessKeyId: z.string(),
  /** The AccessKey secret / SecretKey is never sent back: only whether it is set. */
  accessKeySecret: z.enum(['set', 'not set']),
  /** The approved signature (签名) shown in the text. */
  signName: z.string(),
  /** Aliyun TemplateCode (SMS_…), or Tencent TemplateId (digits). */
  templateId: z.string(),
  /** Tencent only: the SmsSdkAppId of the SMS application. */
  appId: z.string(),
  /** Tencent only: the region (ap-guangzhou by default); Aliyun: cn-hangzhou. */
  region: z.string(),
  /** Empty: the provider's public endpoint; else another base URL (a proxy, a test fake). */
  endpoint: z.string(),
});
export type SmsSettingsView = z.infer<typeof smsSettingsView>;

export const adminSmsSettings = endpoint({
  method: 'GET',
  path: '/admin/sms',
  access: 'admin',
  summary: "A site's SMS provider settings (the secret shown only as set / not set)",
  tags: ['admin', 'auth'],
  query: z.object({ siteId: z.coerce.number().int().min(1) }),
  data: smsSettingsView,
});

const smsField = (max: number) => z.string().trim().max(max).optional();

export const smsSettingsInput = z.object({
  siteId: z.number().int().min(1),
  enabled: z.boolean().optional(),
  provider: smsProvider.optional(),
  accessKeyId: smsField(128),
  /** A new value replaces it, `null` clears it, absent keeps it. */
  accessKeySecret: z.string().min(1).max(256).nullable().optional(),
  signName: smsField(64),
  templateId: smsField(64),
  appId: smsField(64),
  region: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{0,40}$/, { message: 'a region such as ap-guangzhou' })
    .optional(),
  endpoint: z
    .string()
    .trim()
    .max(300)
    .regex(/^(https?:\/\/[^\s]+)?$/, { message: 'an http(s) URL, or empty' })
    .optional(),
});
export type SmsSettingsInput = z.infer<typeof smsSettingsInput>;

export const adminUpdateSmsSettings = endpoint({
  method: 'POST',
  path: '/admin/sms',
  access: 'admin',
  summary: "Change a site's SMS provider settings",
  tags: ['admin', 'auth'],
  body: smsSettingsInput,
  data: smsSettingsView,
});

/** A site's captcha where abuse is seen (docs/identity.md, Captcha). */
export const captchaProvider = z.enum(['pow', 'turnstile', 'hcaptcha']);
export type CaptchaProvider = z.infer<typeof captchaProvider>;

export const captchaSettingsView = z.object({
  siteId: z.number().int(),
  /** `pow`: the self-hosted proof of work (offline, the default); else the hosted widget. */
  provider: captchaProvider,
  /** The widget's public site key (empty for `pow`). */
  siteKey: z.string(),
  /** The provider's secret is never sent back: only whether it is set. */
  secret: z.enum(['set', 'not set']),
});
export type CaptchaSettingsView = z.infer<typeof captchaSettingsView>;

export const adminCaptchaSettings = endpoint({
  method: 'GET',
  path: '/admin/captcha',
  access: 'admin',
  summary: "A site's captcha where abuse is seen (the secret shown only as set / not set)",
  tags: ['admin', 'auth'],
  query: z.object({ siteId: z.coerce.number().int().min(1) }),
  data: captchaSettingsView,
});

export const captchaSettingsInput = z.object({
  siteId: z.number().int().min(1),
  provider: captchaProvider.optional(),
  siteKey: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w-]*$/, { message: 'letters, digits, - and _ only' })
    .optional(),
  /** A new value replaces it, `null` clears it, absent keeps it. */
  secret: z.string().trim().min(1).max(200).nullable().optional(),
});
export type CaptchaSettingsInput = z.infer<typeof captchaSettingsInput>;

export const adminUpdateCaptchaSettings = endpoint({
  method: 'POST',
  path: '/admin/captcha',
  access: 'admin',
  summary: "Change a site's captcha where abuse is seen (proof of work, Turnstile or hCaptcha)",
  tags: ['admin', 'auth'],
  body: captchaSettingsInput,
  data: captchaSettingsView,
});

/**
 * What a 403 asking for a captcha carries in `data.captcha`: the proof-of-work challenge, or
 * the hosted widget to show (its provider and public site key).
 */
export const captchaAsked = z.union([
  z.object({ challenge: z.string(), bits: z.number().int() }),
  z.object({ provider: z.enum(['turnstile', 'hcaptcha']), siteKey: z.string() }),
]);
export type CaptchaAsked = z.infer<typeof captchaAsked>;
