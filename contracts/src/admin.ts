import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, pageQuery, queryInt } from './envelope.js';
import { userRole } from './auth.js';

/*
 * The operator console (/admin): what the other domains' admin calls do not cover — users'
 * detail and ban, tasks of everyone with their timeline, the provider connection test,
 * per-model allow lists, the audit log and the dashboard.
 */

const id = z.number().int().positive();
const qid = queryInt(id);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be YYYY-MM-DD' });

// ---------------------------------------------------------------- users

export const userDevice = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  ip: z.string(),
  lastSeenAt: isoTime,
});

export const userDetail = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: userRole,
  banned: z.boolean(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  credits: z.number().int(),
  isVip: z.boolean(),
  vipUntil: z.string().nullable(),
  devices: z.array(userDevice),
  tasks: z.object({ total: z.number().int(), failed: z.number().int() }),
  orders: z.object({ total: z.number().int(), paid: z.number().int() }),
});
export type UserDetail = z.infer<typeof userDetail>;

export const getUser = endpoint({
  method: 'GET',
  path: '/admin/users/detail',
  access: 'admin',
  summary: 'One user: balance, VIP, devices, task and order counts',
  tags: ['admin', 'user'],
  query: z.object({ id: qid }),
  data: userDetail,
});

export const banUser = endpoint({
  method: 'POST',
  path: '/admin/users/ban',
  access: 'admin',
  summary: 'Ban (every session ends at once) or unban a user',
  tags: ['admin', 'user'],
  body: z.object({ id, banned: z.boolean() }),
  data: userDetail,
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/admin/users/resetPassword',
  access: 'admin',
  summary: 'Set a new password (generated when none is given); signs the user out everywhere',
  tags: ['admin', 'user'],
  body: z.object({ id, password: z.string().min(6).max(128).optional() }),
  data: z.object({ password: z.string() }),
});

export const setRole = endpoint({
  method: 'POST',
  path: '/admin/users/role',
  access: 'admin',
  summary: 'Make a registered user an admin, or an admin a user (never yourself)',
  tags: ['admin', 'user'],
  body: z.object({ id, role: z.enum(['user', 'admin']) }),
  data: userDetail,
});

// ---------------------------------------------------------------- tasks

export const adminTask = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  kind: z.string(),
  action: z.string(),
  status: z.number().int(),
  prompt: z.string(),
  providerId: z.number().int().nullable(),
  priceKey: z.string().nullable(),
  credits: z.number().int(),
  progress: z.number().int(),
  error: z.string().nullable(),
  refunded: z.boolean(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type AdminTask = z.infer<typeof adminTask>;

export const listTasks = endpoint({
  method: 'GET',
  path: '/admin/tasks',
  access: 'admin',
  summary: 'Tasks of every user, newest first, by kind, status, provider, user and date',
  tags: ['admin', 'tasks'],
  query: pageQuery.extend({
    kind: z.string().trim().max(40).optional(),
    status: queryInt(z.number().int().min(1).max(4)).optional(),
    providerId: qid.optional(),
    userId: qid.optional(),
    from: day.optional(),
    to: day.optional(),
  }),
  data: listOf(adminTask),
});

export const taskEvent = z.object({
  id: z.number().int(),
  type: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoTime,
});

export const getTask = endpoint({
  method: 'GET',
  path: '/admin/tasks/detail',
  access: 'admin',
  summary: 'One task with its timeline',
  tags: ['admin', 'tasks'],
  query: z.object({ id: qid }),
  data: z.object({ task: adminTask, events: z.array(taskEvent) }),
});

export const rerunTask = endpoint({
  method: 'POST',
  path: '/admin/tasks/rerun',
  access: 'admin',
  summary: 'Run a failed task again, in place (a new hold on its owner)',
  tags: ['admin', 'tasks'],
  body: z.object({ id }),
  data: adminTask,
});

export const refundTask = endpoint({
  method: 'POST',
  path: '/admin/tasks/refund',
  access: 'admin',
  summary: 'Give back what a finished task was charged, once (409 the second time)',
  tags: ['admin', 'tasks'],
  body: z.object({ id }),
  data: adminTask,
});

export const queueRow = z.object({
  providerId: z.number().int().nullable(),
  providerName: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  failedLastHour: z.number().int(),
});

export const queues = endpoint({
  method: 'GET',
  path: '/admin/tasks/queues',
  access: 'admin',
  summary: 'Per provider: tasks waiting, running and failed in the last hour',
  tags: ['admin', 'tasks'],
  data: z.object({ rows: z.array(queueRow) }),
});

// ---------------------------------------------------------------- providers and models

export const testProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/providers/test',
  access: 'admin',
  summary: 'Calls the provider’s cheapest read and says in words what is wrong',
  tags: ['admin', 'chat'],
  body: z.object({ id }),
  data: z.object({ ok: z.boolean(), message: z.string(), ms: z.number().int() }),
});

export const protocolRow = z.object({
  /** The name a provider's `protocol` takes. */
  protocol: z.string(),
  /** The kinds whose adapter map speaks it (`chat`, and task kinds: `image`, `sd`, `music`…). */
  kinds: z.array(z.string()),
});

export const listProviderProtocols = endpoint({
  method: 'GET',
  path: '/admin/providers/protocols',
  access: 'admin',
  summary: 'The protocols the server speaks (its kinds’ adapter maps) and the kinds each serves',
  tags: ['admin', 'chat'],
  data: z.object({ rows: z.array(protocolRow) }),
});

export const modelGroup = z.enum(['user', 'vip', 'admin']);
export const modelAccess = z.object({
  modelId: id,
  /** Empty lists: everyone may use the model. */
  userIds: z.array(id).max(1000),
  groups: z.array(modelGroup).max(3),
});
export type ModelAccess = z.infer<typeof modelAccess>;

export const listModelAccess = endpoint({
  method: 'GET',
  path: '/admin/chat/models/access',
  access: 'admin',
  summary: 'The allow lists of every model that has one',
  tags: ['admin', 'chat'],
  data: z.object({ rows: z.array(modelAccess) }),
});

export const setModelAccess = endpoint({
  method: 'POST',
  path: '/admin/chat/models/access',
  access: 'admin',
  summary: 'Who may use a model: users and groups (empty lists: everyone)',
  tags: ['admin', 'chat'],
  body: modelAccess,
  data: modelAccess,
});

// ---------------------------------------------------------------- audit log and dashboard

export const auditRow = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  request: z.unknown(),
  ip: z.string(),
  createdAt: isoTime,
});
export type AuditRow = z.infer<typeof auditRow>;

export const listAudit = endpoint({
  method: 'GET',
  path: '/admin/audit',
  access: 'admin',
  summary: 'The audit log of admin changes, newest first, by admin, action and date',
  tags: ['admin'],
  query: pageQuery.extend({
    adminId: qid.optional(),
    action: z.string().trim().max(200).optional(),
    from: day.optional(),
    to: day.optional(),
  }),
  data: listOf(auditRow),
});

export const dashboardDay = z.object({
  day: z.string(),
  signups: z.number().int(),
  activeUsers: z.number().int(),
  revenueCents: z.number().int(),
  creditsSpent: z.number().int(),
});

export const providerHealth = z.object({
  providerId: z.number().int().nullable(),
  providerName: z.string(),
  tasks: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** 0–100. */
  successRate: z.number().int(),
  upstreamErrorRate: z.number().int(),
});

export const dashboard = endpoint({
  method: 'GET',
  path: '/admin/dashboard',
  access: 'admin',
  summary: 'Sign-ups, active users, revenue and credits spent per day; tasks per provider',
  tags: ['admin'],
  query: z.object({ days: queryInt(z.number().int().min(1).max(366)).default(30) }),
  data: z.object({
    days: z.array(dashboardDay),
    spentByKind: z.array(z.object({ kind: z.string(), credits: z.number().int() })),
    providers: z.array(providerHealth),
  }),
});
export type DashboardDay = z.infer<typeof dashboardDay>;
export type ProviderHealth = z.infer<typeof providerHealth>;

/** The seeded examples (docs/works.md): how many there are, and removing them all at once. */
export const exampleCounts = z.object({ works: z.number().int(), prompts: z.number().int() });

export const examplesState = endpoint({
  method: 'GET',
  path: '/admin/examples',
  access: 'admin',
  summary: 'How many example works and market prompts the first start made are still there',
  tags: ['admin'],
  data: exampleCounts,
});

export const removeExamples = endpoint({
  method: 'POST',
  path: '/admin/examples/remove',
  access: 'admin',
  summary: 'Removes every example work and market prompt (with their files); they do not come back',
  tags: ['admin'],
  body: z.object({}),
  data: exampleCounts,
});
