import type { Generated } from 'kysely';
import type { SitesTables } from '../modules/sites/tables.js';
import type { CreditTables } from '../modules/credits/tables.js';
import type { PaymentTables } from '../modules/payments/tables.js';
import type { ChatTables } from '../modules/chat/tables.js';
import type { DrawingTables } from '../modules/drawing/tables.js';
import type { AppTables } from '../modules/apps/tables.js';
import type { TaskTables } from '../modules/tasks/tables.js';
import type { FileTables } from '../modules/files/tables.js';
import type { StableDiffusionTables } from '../modules/stable-diffusion/tables.js';
import type { VideoTables } from '../modules/video/tables.js';
import type { WorkTables } from '../modules/works/tables.js';
import type { MarketTables } from '../modules/market/tables.js';
import type { AdminTables } from '../modules/admin/tables.js';
import type { TaskEventTables } from '../modules/tasks/event-tables.js';
import type { ProvidersTables } from '../modules/providers/tables.js';
import type { IdentityTables } from '../modules/auth/tables.js';

/**
 * The database as Kysely sees it. Each module declares its own tables in its folder
 * (`modules/<name>/tables.ts`) and they are joined here.
 */
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

/** One row per periodic job: the last period an instance claimed (lib/period-lock.ts). */
/** One row per sign-up: where it came from, so that sign-ups from one place can be slowed. */
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

export interface PeriodicRunsTable {
  job: string;
  period: number;
  owner: string;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  account_locks: AccountLocksTable;
  signup_records: SignupRecordsTable;
  periodic_runs: PeriodicRunsTable;
}

// Modules add their table interfaces to this intersection as they land.
export type Database = AccountTables &
  SitesTables &
  CreditTables &
  PaymentTables &
  ChatTables &
  DrawingTables &
  AppTables &
  TaskTables &
  FileTables &
  StableDiffusionTables &
  VideoTables &
  WorkTables &
  MarketTables &
  AdminTables &
  TaskEventTables &
  ProvidersTables &
  IdentityTables;
