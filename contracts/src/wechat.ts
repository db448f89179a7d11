import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Signing in by scanning a WeChat official account's QR code, and linking WeChat to an account
 * (docs/identity.md, WeChat). The server asks WeChat for a temporary QR code with a random
 * scene; the browser shows it and polls with its key until WeChat reports the scan.
 */

/** A QR code to show: its picture, the key to poll with, and how long it lasts. */
export const qrCode = z.object({
  /** The picture WeChat made (`data:image/…;base64,…`), fetched by the server. */
  image: z.string(),
  /** Polls this QR code's outcome; known only to the browser that asked. */
  key: z.string(),
  expiresInSeconds: z.number().int(),
});
export type QrCode = z.infer<typeof qrCode>;

export const startSignIn = endpoint({
  method: 'POST',
  path: '/auth/wechat/qr',
  access: 'public',
  summary:
    "A QR code of the site's WeChat official account that signs in (or up) whoever scans it (valid 5 minutes)",
  tags: ['auth'],
  data: qrCode,
});

export const startLink = endpoint({
  method: 'POST',
  path: '/user/wechat/qr',
  access: 'user',
  summary: 'A QR code that links the WeChat account scanning it to the caller (valid 5 minutes)',
  tags: ['user'],
  data: qrCode,
});

export const pollData = z.discriminatedUnion('status', [
  /** Not scanned yet. */
  z.object({ status: z.literal('waiting') }),
  /** Past its time, or its outcome was already collected: ask for a new QR code. */
  z.object({ status: z.literal('expired') }),
  z.object({ status: z.literal('signed-in'), token: z.string(), created: z.boolean() }),
  z.object({ status: z.literal('linked') }),
  /** The WeChat account that scanned is linked to another account. */
  z.object({ status: z.literal('taken') }),
]);
export type PollData = z.infer<typeof pollData>;

export const poll = endpoint({
  method: 'POST',
  path: '/auth/wechat/poll',
  access: 'public',
  summary:
    'Whether a QR code was scanned: a sign-in QR code answers the session (once; a guest calling it hands its data to the account), a link QR code whether it linked',
  tags: ['auth'],
  body: z.object({
    key: z.string().trim().min(20).max(100),
    /** The inviter's invite code, used when this makes a new account. */
    invitedBy: z.string().trim().max(64).optional(),
  }),
  data: pollData,
});

export const settingsView = z.object({
  siteId: z.number().int(),
  /** Whether the site offers the WeChat scan (needs the app id, secret and token). */
  enabled: z.boolean(),
  appId: z.string(),
  /** The AppSecret and the server Token are never sent back: only whether they are set. */
  appSecret: z.enum(['set', 'not set']),
  token: z.enum(['set', 'not set']),
  /** The server address (URL) to enter in the official account's admin. */
  callbackUrl: z.string(),
});
export type SettingsView = z.infer<typeof settingsView>;

export const adminSettings = endpoint({
  method: 'GET',
  path: '/admin/wechat',
  access: 'admin',
  summary: "A site's WeChat official account settings (secrets shown only as set / not set)",
  tags: ['admin', 'auth'],
  query: z.object({ siteId: z.coerce.number().int().min(1) }),
  data: settingsView,
});

/** A new value replaces it, `null` clears it, absent keeps it. */
const secret = z.string().trim().min(1).max(256).nullable().optional();

export const settingsInput = z.object({
  siteId: z.number().int().min(1),
  enabled: z.boolean().optional(),
  appId: z
    .string()
    .trim()
    .regex(/^(wx[0-9a-zA-Z]{6,30})?$/, { message: 'an AppID such as wx1234567890abcdef' })
    .optional(),
  appSecret: secret,
  /** The Token of the server configuration: 3 to 32 letters and digits (WeChat's rule). */
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,32}$/, { message: '3 to 32 letters and digits' })
    .nullable()
    .optional(),
});
export type SettingsInput = z.infer<typeof settingsInput>;

export const adminUpdateSettings = endpoint({
  method: 'POST',
  path: '/admin/wechat',
  access: 'admin',
  summary: "Change a site's WeChat official account settings",
  tags: ['admin', 'auth'],
  body: settingsInput,
  data: settingsView,
});
