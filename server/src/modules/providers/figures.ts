import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { queueCountsPerProvider, registerProviderBase } from '../tasks/index.js';
import { openProviderKey } from './providers.js';
import { DEMO_PROVIDER } from './seed.js';

/*
 * What other modules read of the providers' tables, as functions (only this module queries
 * them, scripts/check-tables.mjs): the names of providers and models, whether a model is
 * an enabled chat model (an app's fixed model), and the providers Stable Diffusion draws on.
 */

/** A provider's base URL (null when there is none): result links on its host are its own. */
export async function providerBaseUrl(db: Executor, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('chat_providers')
    .select('base_url')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.base_url || null;
}

registerProviderBase((ctx, id) => providerBaseUrl(ctx.db.kysely, id));

/** The names of the providers asked for, by id (a deleted one is missing). */
export async function providerNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_providers')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of the models asked for, by id (a deleted one is missing). */
export async function modelNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_models')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether a model exists, is enabled and is of kind `chat`. */
export async function isEnabledChatModel(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_models')
    .select('id')
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('kind', '=', 'chat')
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the enabled providers speaking one of these protocols. */
export async function enabledProviderIds(db: Executor, protocols: string[]): Promise<number[]> {
  if (protocols.length === 0) return [];
  const rows = await db
    .selectFrom('chat_providers')
    .select('id')
    .where('enabled', '=', 1)
    .where('protocol', 'in', protocols)
    .execute();
  return rows.map((r) => r.id);
}

/** The id of the offline demo's provider (null before the catalogue is seeded). */
export async function demoProviderId(db: Executor): Promise<number | null> {
  const row = await db
    .selectFrom('chat_providers')
    .select('id')
    .where('name', '=', DEMO_PROVIDER)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** What calling a provider needs, its key opened (server side only); a deleted one: null. */
export interface OpenedProvider {
  id: number;
  name: string;
  protocol: string;
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  concurrency: number;
}

/** A provider by id, enabled or not, with its key opened. */
export async function openedProvider(ctx: AppContext, id: number): Promise<OpenedProvider | null> {
  const p = await ctx.db.kysely
    .selectFrom('chat_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    protocol: p.protocol,
    baseUrl: p.base_url,
    apiKey: openProviderKey(ctx, p.api_key_sealed),
    timeoutMs: p.timeout_ms,
    concurrency: p.concurrency,
  };
}

/** Per provider: tasks waiting, running, and failed in the last hour, with its name. */
export async function queuesPerProvider(ctx: AppContext) {
  const rows = await queueCountsPerProvider(ctx);
  const ids = rows.map((r) => r.providerId).filter((id): id is number => id !== null);
  const names = await providerNames(ctx.db.kysely, ids);
  return rows.map(({ providerId, ...counts }) => ({
    providerId,
    providerName: (providerId !== null && names.get(providerId)) || '—',
    ...counts,
  }));
}
