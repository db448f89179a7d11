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
import type { AccountTables, IdentityTables } from '../modules/auth/tables.js';
import type { WechatTables } from '../modules/auth/wechat-tables.js';

/**
 * The database as Kysely sees it. Each module declares its own tables in its folder
 * (`modules/<name>/tables.ts`: the tables it owns, which only its own files query, checked by
 * `scripts/check-tables.mjs`) and they are joined here.
 */

/** One row per periodic job: the last period an instance claimed (lib/period-lock.ts). */
export interface PeriodicRunsTable {
  job: string;
  period: number;
  owner: string;
}

/** Tables of no module: the platform's own (`lib/`). */
export interface PlatformTables {
  periodic_runs: PeriodicRunsTable;
}

// Modules add their table interfaces to this intersection as they land.
export type Database = PlatformTables &
  AccountTables &
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
  IdentityTables &
  WechatTables;
