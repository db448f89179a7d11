import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const userRole = z.enum(['guest', 'user', 'admin']);
export type UserRole = z.infer<typeof userRole>;

/** Credits and VIP time of a user; filled by the credits module. */
export const userBalance = z.object({
  /** Credits the user can spend now (held credits excluded). */
  credits: z.number().int(),
  /** Credits spent so far. */
  usedCredits: z.number().int(),
  /** When the VIP membership ends (ISO time), or null if the user never had one. */
  hh_vip_time: z.string().nullable(),
  isVip: z.boolean(),
});
export type UserBalance = z.infer<typeof userBalance>;

export const userInfo = z.object({
  id: z.number().int(),
  /** Empty for a guest: signed-in means a username is present. */
  username: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  sign: z.string(),
  /** Persona text the user asks the AI to keep in mind. */
  personaRole: z.string(),
  role: userRole,
  isGuest: z.boolean(),
  /** The code others register with (`invitedBy`) to be counted as invited by this user; null for a guest. */
  inviteCode: z.string().nullable(),
  createdAt: z.string(),
  userBalance,
});
export type UserInfo = z.infer<typeof userInfo>;

export const username = z
  .string()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[\p{L}\p{N}_.-]+$/u, { message: 'letters, digits, _ . - only' });
export const password = z.string().min(8).max(128);

export const registerBody = z.object({
  username,
  email: z
    .email()
    .max(254)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  password,
  /** The inviter's invite code (the `Invitecode` query parameter the browser kept). */
  invitedBy: z.string().trim().max(64).optional(),
});

export const authToken = z.object({ token: z.string() });

export const register = endpoint({
  method: 'POST',
  path: '/auth/register',
  access: 'public',
  summary: 'Create an account (a guest calling it keeps its chats, works and credits) and sign in',
  tags: ['auth'],
  body: registerBody,
  data: authToken,
});

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  summary: 'Sign in with username or email; a guest calling it hands its data to the account',
  tags: ['auth'],
  body: z.object({
    username: z.string().trim().min(1).max(254),
    password: z.string().min(1).max(128),
  }),
  data: authToken,
});

export const logout = endpoint({
  method: 'POST',
  path: '/auth/logout',
  access: 'user',
  summary: 'Sign this device out',
  tags: ['auth'],
  data: z.null(),
});

export const currentUser = endpoint({
  method: 'GET',
  path: '/auth/getInfo',
  access: 'identity',
  summary: 'The caller (user or guest) and their balance',
  tags: ['auth'],
  data: z.object({ userInfo, userBalance }),
});

export const createGuest = endpoint({
  method: 'POST',
  path: '/user/createGuest',
  access: 'public',
  summary:
    'Register a guest by its browser-generated uuid (idempotent); answers what getInfo would',
  tags: ['auth'],
  body: z.object({
    guest_id: z.uuid(),
    keyword: z.string().max(200).optional(),
    bd_vid: z.string().max(200).optional(),
    source: z.string().max(200).optional(),
  }),
  // `user`: the guest's info and balance, as `getInfo` answers them for that uuid, so a first
  // visit waits for one round trip instead of two; null when the guest is disabled.
  data: z.object({
    guestId: z.string(),
    created: z.boolean(),
    user: z.object({ userInfo, userBalance }).nullable(),
  }),
});
