import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { secretBox, type SecretBox } from '../../lib/secret-box.js';
import { texts } from './messages.js';
import type { ChatModelsTable, ChatProvidersTable, ChatUserModelsTable } from './tables.js';
import { checkPublicUrl } from './url-guard.js';

export const PROVIDER_KEY_CONTEXT = 'chat:provider';
export const BYOK_KEY_CONTEXT = 'chat:byok';

type ProviderRow = Selectable<ChatProvidersTable>;
type ModelRow = Selectable<ChatModelsTable>;
type ByokRow = Selectable<ChatUserModelsTable>;

/** One secret box per app (its key derivation runs once). */
const boxes = new WeakMap<AppContext, SecretBox>();
export const boxOf = (ctx: AppContext): SecretBox => {
  let box = boxes.get(ctx);
  if (!box) boxes.set(ctx, (box = secretBox(ctx.config.secretKey)));
  return box;
};

export const toProvider = (r: ProviderRow): C.Provider => ({
  id: r.id,
  name: r.name,
  protocol: r.protocol,
  baseUrl: r.base_url,
  apiKey: r.api_key_sealed ? 'set' : 'not set',
  concurrency: r.concurrency,
  timeoutMs: r.timeout_ms,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

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

const toByok = (r: ByokRow): C.ByokModel => ({
  id: r.id,
  name: r.name,
  baseUrl: r.base_url,
  model: r.model,
  apiKey: r.api_key_sealed ? 'set' : 'not set',
  vision: r.vision === 1,
  createdAt: r.created_at,
});

function providerColumns(ctx: AppContext, f: Partial<C.ProviderFields>) {
  const box = boxOf(ctx);
  return {
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.protocol !== undefined ? { protocol: f.protocol } : {}),
    ...(f.baseUrl !== undefined ? { base_url: f.baseUrl.replace(/\/+$/, '') } : {}),
    ...(f.apiKey !== undefined
      ? { api_key_sealed: f.apiKey === '' ? null : box.seal(f.apiKey, PROVIDER_KEY_CONTEXT) }
      : {}),
    ...(f.concurrency !== undefined ? { concurrency: f.concurrency } : {}),
    ...(f.timeoutMs !== undefined ? { timeout_ms: f.timeoutMs } : {}),
    ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
  };
}

function modelColumns(f: Partial<C.ModelFields>) {
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

const providerDefaults = (name: string, protocol: C.ProviderFields['protocol']) => ({
  name,
  protocol,
  base_url: '',
  api_key_sealed: null,
  concurrency: 10,
  timeout_ms: 60_000,
  enabled: 1,
});

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

export async function createProvider(
  ctx: AppContext,
  f: Partial<C.ProviderFields> & Pick<C.ProviderFields, 'name' | 'protocol'>,
): Promise<ProviderRow> {
  const now = nowIso();
  try {
    return await ctx.db.kysely
      .insertInto('chat_providers')
      .values({
        ...providerDefaults(f.name, f.protocol),
        ...providerColumns(ctx, f),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name: f.name });
    throw error;
  }
}

export async function createModel(
  ctx: AppContext,
  f: Partial<C.ModelFields> &
    Pick<C.ModelFields, 'name' | 'upstreamModel' | 'providerId' | 'priceKey'>,
): Promise<ModelRow> {
  await requireProvider(ctx, f.providerId);
  const now = nowIso();
  try {
    return await ctx.db.kysely
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
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name: f.name });
    throw error;
  }
}

async function requireProvider(ctx: AppContext, id: number): Promise<ProviderRow> {
  const row = await ctx.db.kysely
    .selectFrom('chat_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw badRequest(texts.providerNotFound, {}, 'providerId');
  return row;
}

function adminRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;
  route(app, C.adminListProviders, async () => {
    const rows = await db().selectFrom('chat_providers').selectAll().orderBy('id').execute();
    return { rows: rows.map(toProvider), count: rows.length };
  });
  route(app, C.adminCreateProvider, async ({ body }) =>
    toProvider(await createProvider(app.ctx, body)),
  );
  route(app, C.adminUpdateProvider, async ({ body }) => {
    const { id, ...fields } = body;
    try {
      const row = await db()
        .updateTable('chat_providers')
        .set({ ...providerColumns(app.ctx, fields), updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(texts.providerNotFound);
      return toProvider(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name: fields.name ?? '' });
      throw error;
    }
  });
  route(app, C.adminDeleteProvider, async ({ body }) => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('chat_models').where('provider_id', '=', body.id).execute();
        const r = await trx
          .deleteFrom('chat_providers')
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) throw notFound(texts.providerNotFound);
      });
    return null;
  });

  route(app, C.adminListModels, async () => {
    const rows = await db()
      .selectFrom('chat_models')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { rows: rows.map(toAdminModel), count: rows.length };
  });
  route(app, C.adminCreateModel, async ({ body }) =>
    toAdminModel(await createModel(app.ctx, body)),
  );
  route(app, C.adminUpdateModel, async ({ body }) => {
    const { id, ...fields } = body;
    if (fields.providerId !== undefined) await requireProvider(app.ctx, fields.providerId);
    try {
      const row = await db()
        .updateTable('chat_models')
        .set({ ...modelColumns(fields), updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(texts.modelNotFound);
      return toAdminModel(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name: fields.name ?? '' });
      throw error;
    }
  });
  route(app, C.adminDeleteModel, async ({ body }) => {
    const r = await db().deleteFrom('chat_models').where('id', '=', body.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound(texts.modelNotFound);
    return null;
  });
}

/** A model a user may chat with now (enabled, its provider enabled), with its provider. */
export async function usableModel(ctx: AppContext, modelId: number, userId: number) {
  const row = await ctx.db.kysely
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
    .where('m.id', '=', modelId)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound(texts.modelNotFound);
  // An image, music or video model (or a midjourney-proxy provider) has no chat: it must not
  // answer one, nor be charged at its own price for it.
  if (row.kind !== 'chat' || row.protocol === 'midjourney')
    throw badRequest(texts.notAChatModel, { name: row.name }, 'gptModelId');
  if (row.vip_only === 1 && !(await ctx.balances.read(userId)).isVip)
    throw new AppError(403, texts.vipOnly);
  const apiKey = row.api_key_sealed
    ? boxOf(ctx).open(row.api_key_sealed, PROVIDER_KEY_CONTEXT)
    : null;
  return {
    model: row,
    provider: {
      id: row.pid,
      protocol: row.protocol,
      baseUrl: row.base_url,
      apiKey,
      timeoutMs: row.timeout_ms,
      concurrency: row.concurrency,
    },
  };
}

/** The caller's own endpoint, 404 for anyone else's. */
export async function usableByok(ctx: AppContext, id: number, userId: number) {
  const row = await ctx.db.kysely
    .selectFrom('chat_user_models')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.modelNotFound);
  if (!ctx.config.chat.byokAllowPrivate) {
    const reason = await checkPublicUrl(row.base_url);
    if (reason) throw badRequest(texts.urlNotAllowed, { reason }, 'gptModelUserId');
  }
  const apiKey = row.api_key_sealed ? boxOf(ctx).open(row.api_key_sealed, BYOK_KEY_CONTEXT) : null;
  return { row, apiKey };
}

function userRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;
  route(app, C.queryGptModel, async ({ query, identity }) => {
    const isVip = identity ? (await app.ctx.balances.read(identity.userId)).isVip : false;
    let q = db()
      .selectFrom('chat_models as m')
      .innerJoin('chat_providers as p', 'p.id', 'm.provider_id')
      .leftJoin('credit_prices as cp', (j) =>
        j.onRef('cp.price_key', '=', 'm.price_key').on('cp.enabled', '=', 1),
      )
      .selectAll('m')
      .select(['p.protocol', 'cp.unit', 'cp.credits', 'cp.input_per_1k', 'cp.output_per_1k'])
      .where('m.enabled', '=', 1)
      .where('p.enabled', '=', 1);
    if (query.kind) q = q.where('m.kind', '=', query.kind);
    if (!isVip) q = q.where('m.vip_only', '=', 0);
    const rows = await q.orderBy('m.sort').orderBy('m.id').execute();
    return {
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        kind: r.kind,
        priceKey: r.price_key,
        unit: r.unit ?? 'call',
        credits: r.credits ?? 0,
        inputPer1k: r.input_per_1k ?? 0,
        outputPer1k: r.output_per_1k ?? 0,
        vision: r.vision === 1,
        contextWindow: r.context_window,
        maxOutput: r.max_output,
        vipOnly: r.vip_only === 1,
        demo: r.protocol === 'demo',
      })),
      count: rows.length,
    };
  });

  route(
    app,
    C.addGptModelUser,
    async ({ body, identity }) => {
      if (!app.ctx.config.chat.byokAllowPrivate) {
        const reason = await checkPublicUrl(body.baseUrl);
        if (reason) throw badRequest(texts.urlNotAllowed, { reason }, 'baseUrl');
      }
      const box = boxOf(app.ctx);
      const now = nowIso();
      const fields = {
        name: body.name,
        base_url: body.baseUrl.replace(/\/+$/, ''),
        model: body.model,
        vision: body.vision ? 1 : 0,
        ...(body.apiKey !== undefined
          ? { api_key_sealed: body.apiKey ? box.seal(body.apiKey, BYOK_KEY_CONTEXT) : null }
          : {}),
        updated_at: now,
      };
      if (body.id !== undefined) {
        const row = await db()
          .updateTable('chat_user_models')
          .set(fields)
          .where('id', '=', body.id)
          .where('user_id', '=', identity.userId)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw notFound(texts.modelNotFound);
        return toByok(row);
      }
      if (!body.apiKey) throw badRequest(texts.keyRequired, {}, 'apiKey');
      const row = await db()
        .insertInto('chat_user_models')
        .values({
          api_key_sealed: null,
          ...fields,
          user_id: identity.userId,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toByok(row);
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(app, C.queryGptModelUser, async ({ identity }) => {
    const rows = await db()
      .selectFrom('chat_user_models')
      .selectAll()
      .where('user_id', '=', identity.userId)
      .orderBy('id')
      .execute();
    return { rows: rows.map(toByok), count: rows.length };
  });

  route(app, C.delGptModelUser, async ({ body, identity }) => {
    const r = await db()
      .deleteFrom('chat_user_models')
      .where('id', '=', body.id)
      .where('user_id', '=', identity.userId)
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound(texts.modelNotFound);
    return null;
  });
}

export function catalogRoutes(app: FastifyInstance): void {
  adminRoutes(app);
  userRoutes(app);
}

// ---------------------------------------------------------------- seed and YAML

export const DEMO_PROVIDER = 'demo';
export const DEMO_MODEL = 'Offline demo';

const yamlProvider = C.providerFields.partial().required({ name: true, protocol: true }).strict();
const yamlModel = C.modelFields
  .omit({ providerId: true })
  .partial()
  .required({ name: true, upstreamModel: true, priceKey: true })
  .extend({ provider: z.string().min(1) })
  .strict();

/** Reads `providers:` and `models:` of the config file; problems name the entry. */
export function readDeclared(extra: Record<string, unknown>) {
  const problems: string[] = [];
  const parseList = <T>(key: string, schema: z.ZodType<T>): T[] => {
    const raw = extra[key];
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) {
      problems.push(`${key}: must be a list`);
      return [];
    }
    return raw.flatMap((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) return [r.data];
      problems.push(
        ...r.error.issues.map((issue) => `${key}[${i}].${issue.path.join('.')}: ${issue.message}`),
      );
      return [];
    });
  };
  const providers = parseList('providers', yamlProvider);
  const models = parseList('models', yamlModel);
  if (problems.length)
    throw new Error(`ATELIER_CONFIG chat entries are not valid:\n  - ${problems.join('\n  - ')}`);
  return { providers, models };
}

/**
 * Seeds the demo provider and its "Offline demo" model (once: an admin's later edits stay),
 * then upserts the providers and models declared in the config file (the file wins on start).
 */
export async function seedCatalog(ctx: AppContext): Promise<string[]> {
  const lines: string[] = [];
  const db = ctx.db.kysely;
  const demo = await db
    .selectFrom('chat_providers')
    .select('id')
    .where('name', '=', DEMO_PROVIDER)
    .executeTakeFirst();
  if (!demo) {
    try {
      const p = await createProvider(ctx, {
        name: DEMO_PROVIDER,
        protocol: 'demo',
        concurrency: 100,
      });
      await createModel(ctx, {
        name: DEMO_MODEL,
        upstreamModel: 'demo-chat',
        providerId: p.id,
        priceKey: 'demo-chat:chat',
        contextWindow: 8192,
        maxOutput: 1024,
        sort: 1000,
      });
      lines.push(`Chat: the "${DEMO_MODEL}" model added (offline, no AI behind it)`);
    } catch (error) {
      // Another process seeded at the same moment.
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  const { providers, models } = readDeclared(ctx.config.extra);
  for (const p of providers) {
    const existing = await db
      .selectFrom('chat_providers')
      .select('id')
      .where('name', '=', p.name)
      .executeTakeFirst();
    if (existing)
      await db
        .updateTable('chat_providers')
        .set({ ...providerColumns(ctx, p), updated_at: nowIso() })
        .where('id', '=', existing.id)
        .execute();
    else await createProvider(ctx, p);
  }
  for (const m of models) {
    const { provider, ...fields } = m;
    const p = await db
      .selectFrom('chat_providers')
      .select('id')
      .where('name', '=', provider)
      .executeTakeFirst();
    if (!p)
      throw new Error(
        `ATELIER_CONFIG models: "${m.name}" names provider "${provider}", which is not declared`,
      );
    const existing = await db
      .selectFrom('chat_models')
      .select('id')
      .where('name', '=', m.name)
      .executeTakeFirst();
    if (existing)
      await db
        .updateTable('chat_models')
        .set({ ...modelColumns({ ...fields, providerId: p.id }), updated_at: nowIso() })
        .where('id', '=', existing.id)
        .execute();
    else await createModel(ctx, { ...fields, providerId: p.id });
  }
  if (providers.length || models.length)
    lines.push(
      `Chat: ${providers.length} providers and ${models.length} models from the config file`,
    );
  return lines;
}
