import { forgetCatalogue } from './catalogue-cache.js';
import { sql, type Selectable } from 'kysely';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import type { Executor } from '../../db/executor.js';
import { enabledPriceRows } from '../credits/index.js';
import { texts } from './messages.js';
import { withUniqueName } from './unique-name.js';
import { requireProvider } from './providers.js';
import type { ChatModelsTable } from './tables.js';

type ModelRow = Selectable<ChatModelsTable>;

/**
 * Every model with what calling it needs from its provider: the one base query of chat and
 * every kind (each adds its own conditions: enabled, kind, protocol, id).
 */
export const modelsWithProvider = (db: Executor) =>
  db
    .selectFrom('chat_models as m')
    .innerJoin('chat_providers as p', 'p.id', 'm.provider_id')
    .selectAll('m')
    .select([
      'p.protocol',
      'p.base_url',
      'p.api_key_sealed',
      'p.timeout_ms',
      'p.concurrency',
      'p.id as pid',
    ])
    // A model whose provider failed its last connection check comes after the others (a
    // never-checked provider counts as passed), so the first model offered, everyone's
    // default, is one that answered; each list then orders by `sort`.
    .orderBy(sql`case when p.last_check_ok = 0 then 1 else 0 end`);

export const toAdminModel = (r: ModelRow): C.AdminModel => ({
  id: r.id,
  name: r.name,
  upstreamModel: r.upstream_model,
  providerId: r.provider_id,
  kind: r.kind,
  priceKey: r.price_key,
  vision: r.vision === 1,
  contextWindow: r.context_window,
  maxOutput: r.max_output,
  systemPrompt: r.system_prompt,
  sort: r.sort,
  enabled: r.enabled === 1,
  vipOnly: r.vip_only === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function modelColumns(f: Partial<C.ModelFields>) {
  return {
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.upstreamModel !== undefined ? { upstream_model: f.upstreamModel } : {}),
    ...(f.providerId !== undefined ? { provider_id: f.providerId } : {}),
    ...(f.kind !== undefined ? { kind: f.kind } : {}),
    ...(f.priceKey !== undefined ? { price_key: f.priceKey } : {}),
    ...(f.vision !== undefined ? { vision: f.vision ? 1 : 0 } : {}),
    ...(f.contextWindow !== undefined ? { context_window: f.contextWindow } : {}),
    ...(f.maxOutput !== undefined ? { max_output: f.maxOutput } : {}),
    ...(f.systemPrompt !== undefined ? { system_prompt: f.systemPrompt } : {}),
    ...(f.sort !== undefined ? { sort: f.sort } : {}),
    ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
    ...(f.vipOnly !== undefined ? { vip_only: f.vipOnly ? 1 : 0 } : {}),
  };
}

const modelDefaults = {
  kind: 'chat' as const,
  vision: 0,
  context_window: 8192,
  max_output: 2048,
  system_prompt: '',
  sort: 0,
  enabled: 1,
  vip_only: 0,
};

export async function createModel(
  ctx: AppContext,
  f: Partial<C.ModelFields> &
    Pick<C.ModelFields, 'name' | 'upstreamModel' | 'providerId' | 'priceKey'>,
): Promise<ModelRow> {
  await requireProvider(ctx, f.providerId);
  const now = nowIso();
  return withUniqueName(f.name, () =>
    ctx.db.kysely
      .insertInto('chat_models')
      .values({
        ...modelDefaults,
        name: f.name,
        upstream_model: f.upstreamModel,
        provider_id: f.providerId,
        price_key: f.priceKey,
        ...modelColumns(f),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .finally(forgetCatalogue),
  );
}

export async function updateModel(
  ctx: AppContext,
  id: number,
  fields: Partial<C.ModelFields>,
): Promise<ModelRow> {
  if (fields.providerId !== undefined) await requireProvider(ctx, fields.providerId);
  return withUniqueName(fields.name ?? '', async () => {
    const row = await ctx.db.kysely
      .updateTable('chat_models')
      .set({ ...modelColumns(fields), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
      .finally(forgetCatalogue);
    if (!row) throw notFound(texts.modelNotFound);
    return row;
  });
}

export async function deleteModel(ctx: AppContext, id: number): Promise<void> {
  const r = await ctx.db.kysely
    .deleteFrom('chat_models')
    .where('id', '=', id)
    .executeTakeFirst()
    .finally(forgetCatalogue);
  if (Number(r.numDeletedRows) === 0) throw notFound(texts.modelNotFound);
}

/** The models offered to a user (VIP-only ones to VIPs), with their prices. */
export async function offeredModels(ctx: AppContext, isVip: boolean, kind?: C.ModelFields['kind']) {
  let q = modelsWithProvider(ctx.db.kysely).where('m.enabled', '=', 1).where('p.enabled', '=', 1);
  if (kind) q = q.where('m.kind', '=', kind);
  if (!isVip) q = q.where('m.vip_only', '=', 0);
  const rows = await q.orderBy('m.sort').orderBy('m.id').execute();
  // Each model's price, read from credits (a model without an enabled price shows none).
  const prices = await enabledPriceRows(
    ctx.db.kysely,
    rows.map((r) => r.price_key),
  );
  return rows.map((r) => {
    const p = prices.get(r.price_key);
    return {
      ...r,
      unit: p?.unit ?? null,
      credits: p?.credits ?? null,
      input_per_1k: p?.input_per_1k ?? null,
      output_per_1k: p?.output_per_1k ?? null,
    };
  });
}

/** One place after every model. */
export async function lastSort(ctx: AppContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('chat_models')
    .select((eb) => eb.fn.max('sort').as('top'))
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

/** Every model, in the console's order. */
export const listAllModels = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('chat_models').selectAll().orderBy('sort').orderBy('id').execute();
