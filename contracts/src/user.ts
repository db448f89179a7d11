import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf, pageQuery } from './envelope.js';
import { password, userInfo, userRole } from './auth.js';

export const updateProfile = endpoint({
  method: 'POST',
  path: '/user/update',
  access: 'user',
  summary: 'Change avatar link, name, sign and persona role',
  tags: ['user'],
  body: z.object({
    /**
     * An https:// picture (fetched once through the address guard and stored as the user's
     * public picture), a link to one of the user's own pictures here, or '' for none.
     */
    avatar: z
      .string()
      .trim()
      .max(1000)
      .regex(/^(|https:\/\/\S+|(https?:\/\/[^/\s]+)?\/api\/files\/\S+)$/, {
        message: 'must be an https:// link or one of your pictures',
      })
      .optional(),
    nickname: z.string().trim().min(1).max(32).optional(),
    sign: z.string().trim().max(200).optional(),
    personaRole: z.string().trim().max(2000).optional(),
  }),
  data: userInfo,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/user/updatePassword',
  access: 'user',
  summary: 'Change the password; every session of the user is signed out',
  tags: ['user'],
  body: z.object({ oldPassword: z.string().min(1).max(128), password }),
  data: z.null(),
});

export const loginDevice = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  ip: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type LoginDevice = z.infer<typeof loginDevice>;

export const listDevices = endpoint({
  method: 'GET',
  path: '/user/getLoginDeviceList',
  access: 'user',
  summary: 'Devices signed in to this account, the current one marked',
  tags: ['user'],
  data: listOf(loginDevice),
});

export const signOutDevice = endpoint({
  method: 'POST',
  path: '/user/delLoginDevice',
  access: 'user',
  summary: 'Sign a device out at once',
  tags: ['user'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

/** One user as an admin sees it: never a password hash, token or other secret. */
export const adminUserRow = z.object({
  id: z.number().int(),
  kind: z.enum(['guest', 'registered']),
  role: userRole,
  username: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string(),
  inviteCode: z.string().nullable(),
  invitedBy: z.number().int().nullable(),
  /** For a guest whose data moved to an account: that account's id. */
  mergedInto: z.number().int().nullable(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminListUsers = endpoint({
  method: 'GET',
  path: '/admin/users',
  access: 'admin',
  summary: 'Users, newest first, filtered by kind and by a part of the username or email',
  tags: ['admin', 'user'],
  query: pageQuery.extend({
    kind: z.enum(['guest', 'registered']).optional(),
    keyword: z.string().trim().max(100).optional(),
  }),
  data: listOf(adminUserRow),
});
