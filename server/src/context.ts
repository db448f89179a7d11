import type { Transaction } from 'kysely';
import type { sites, UserBalance } from '@atelier/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Executor } from './db/executor.js';
import type { Database } from './db/schema.js';
import type { FirstPaintSite } from './http/first-paint.js';
import type { Identity } from './http/identity.js';
import type { Lang } from './http/messages.js';
import type { TaskRunner } from './modules/tasks/runner.js';

/**
 * What a guest owns moves to the account it registers or signs in as, in one transaction.
 * Each module that stores per-user data registers one mover for its tables.
 */
export type GuestDataMover = (
  trx: Transaction<Database>,
  move: { fromUserId: number; toUserId: number },
) => Promise<void>;

export class GuestDataMovers {
  private readonly movers = new Map<string, GuestDataMover>();
  register(owner: string, mover: GuestDataMover): void {
    this.movers.set(owner, mover);
  }
  async moveAll(
    trx: Transaction<Database>,
    move: { fromUserId: number; toUserId: number },
  ): Promise<void> {
    for (const mover of this.movers.values()) await mover(trx, move);
  }
}

type Trx = Transaction<Database>;

/**
 * Moments of an account's life that other modules act on, inside the same transaction
 * (the credits module grants the guest trial, the register gift and the invite reward).
 */
export interface AccountEvents {
  guestCreated: Array<
    (
      trx: Trx,
      e: {
        userId: number;
        /** Earlier guests made today from the same IP. */
        sameIp: number;
      },
    ) => Promise<void>
  >;
  registered: Array<
    (
      trx: Trx,
      e: {
        userId: number;
        inviterId: number | null;
        fromGuestUserId: number | null;
        /** Earlier sign-ups today from the same IP, and ever from the same device (guest id). */
        sameIp: number;
        sameDevice: number;
      },
    ) => Promise<void>
  >;
}

/** Reads a user's balance for /auth/getInfo; the credits module installs the real one. */
export type BalanceReader = (userId: number) => Promise<UserBalance>;

export const zeroBalance: BalanceReader = async () => ({
  credits: 0,
  usedCredits: 0,
  hh_vip_time: null,
  isVip: false,
});

/** What a chat started from an app is given: its fixed system prompt and model, and its name. */
export interface AppInUse {
  name: string;
  systemPrompt: string;
  /** The model its chats use whatever the client picks; null: the client's choice. */
  modelId: number | null;
}

/** Null when the caller may not use that app (or it is gone). */
export type AppPromptResolver = (
  ctx: AppContext,
  app: { appId: number; userId: number; lang: Lang },
) => Promise<AppInUse | null>;

/** What the `accounts` hook tells of an account. */
export interface AccountCard {
  username: string | null;
  nickname: string;
  inviteCode: string | null;
  role: 'guest' | 'user' | 'admin';
  kind: 'guest' | 'registered';
}

/**
 * Calls one module makes into another that is registered after it (so no import would do):
 * each starts as a harmless default and the owning module installs the real one.
 */
/** What index.html names of the request's site (`registerWeb`). */
export interface SitePage {
  language: string;
  indexPath: string;
  /** What the first paint draws of the site (name, logo, menu); absent: no first paint. */
  firstPaint?: FirstPaintSite;
}

export interface AppHooks {
  /** Installed by the apps module, called by the chat stream. */
  appPrompt: AppPromptResolver;
  /**
   * How credits are obtained, which the sites module's config call tells the web: the credits
   * module installs the sign-up gift and daily check-in amounts…
   */
  creditGifts: () => Promise<Pick<sites.CreditSources, 'registerGift' | 'dailyCheckin'>>;
  /** …and the payments module whether any enabled gateway takes orders. */
  purchasable: () => Promise<boolean>;
  /**
   * Installed by the auth module: accounts' names, invite codes and roles by id (a missing one
   * is absent), for the modules auth reaches and that cannot import it (credits, providers).
   */
  accounts: (db: Executor, ids: number[]) => Promise<Map<number, AccountCard>>;
  /** Installed by the auth module too: the id of the account of that username, or null. */
  accountIdByName: (db: Executor, username: string) => Promise<number | null>;
  /** Installed by the tasks module: each task's kind by id, for credits' usage log. */
  taskKinds: (db: Executor, ids: number[]) => Promise<Map<number, string>>;
  /**
   * Called when abuse is seen, before the growing delay applies: sign-ups from one place past
   * its daily gifts (`sign-up`), wrong passwords on an account from an address it does not
   * know (`sign-in`). `strikes` counts the tries past the free ones. The default does
   * nothing; a captcha plugs in here and throws an AppError (e.g. a 403 asking for the captcha)
   * unless the request carries a solved one, or returns to let the delay decide.
   */
  /**
   * Installed by the sites module: of the site a host names, the first-visit language setting
   * (a language or `browser`) and the index path, which the web server writes into index.html
   * so the page fetches that language's texts and the landing screen at once (docs/web.md,
   * Texts). The default knows no site.
   */
  sitePage: (host: string) => Promise<SitePage | null>;
  /**
   * Installed by the credits module: sign-ups of one IP a day given the gift (the console's
   * `signupGiftsPerIp`, else SIGNUP_GIFTS_PER_IP), which auth's sign-up delay starts past.
   * The default (no credits module): null, the environment's.
   */
  signupGiftsPerIp: (db: Executor) => Promise<number | null>;
  abuseSeen: (e: {
    action: 'sign-up' | 'sign-in';
    req: FastifyRequest;
    key: string;
    strikes: number;
  }) => Promise<void>;
}

export const defaultHooks = (): AppHooks => ({
  appPrompt: async () => null,
  creditGifts: async () => ({ registerGift: 0, dailyCheckin: 0 }),
  purchasable: async () => false,
  accounts: async () => new Map(),
  accountIdByName: async () => null,
  taskKinds: async () => new Map(),
  sitePage: async () => null,
  signupGiftsPerIp: async () => null,
  abuseSeen: async () => undefined,
});

/** Shared by every module: built once in buildApp, reached as `app.ctx`. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  log: FastifyBaseLogger;
  guestData: GuestDataMovers;
  accountEvents: AccountEvents;
  balances: { read: BalanceReader };
  hooks: AppHooks;
  /**
   * Every kind of task this app runs, by kind: each module registers its runner with
   * `registerTaskKind` (modules/tasks); the engine looks runners up here (docs/tasks.md).
   */
  taskRunners: Map<string, TaskRunner>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the route's access check: the signed-in user or guest, or null. */
    identity: Identity | null;
  }
}
