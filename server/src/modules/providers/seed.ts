import { forgetCatalogue } from './catalogue-cache.js';
import { z } from 'zod';
import { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createModel, modelColumns } from './models.js';
import { createProvider, providerColumns } from './providers.js';
import { isKnownProtocol, knownProtocols } from './protocols.js';

export const DEMO_PROVIDER = 'demo';
export const DEMO_MODEL = 'Offline demo';

const yamlProvider = C.providerFields
  .partial()
  .required({ name: true, protocol: true })
  .strict()
  .superRefine((p, issues) => {
    if (!isKnownProtocol(p.protocol))
      issues.addIssue({
        code: 'custom',
        path: ['protocol'],
        message: `no kind speaks "${p.protocol}" (known: ${knownProtocols()
          .map((k) => k.protocol)
          .join(', ')})`,
      });
  });
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

/** The demo provider and its "Offline demo" model, once (an admin's later edits stay). */
async function seedDemo(ctx: AppContext): Promise<string[]> {
  const demo = await ctx.db.kysely
    .selectFrom('chat_providers')
    .select('id')
    .where('name', '=', DEMO_PROVIDER)
    .executeTakeFirst();
  if (demo) return [];
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
    return [`Chat: the "${DEMO_MODEL}" model added (offline, no AI behind it)`];
  } catch (error) {
    // Another process seeded at the same moment.
    if (!(error instanceof AppError && error.status === 409)) throw error;
    return [];
  }
}

const idByName = (ctx: AppContext, table: 'chat_providers' | 'chat_models', name: string) =>
  ctx.db.kysely.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();

/**
 * Seeds the demo provider and model, then upserts the providers and models declared in the
 * config file (the file wins on start).
 */
export async function seedCatalog(ctx: AppContext): Promise<string[]> {
  const lines = await seedDemo(ctx);
  const db = ctx.db.kysely;
  const { providers, models } = readDeclared(ctx.config.extra);
  for (const p of providers) {
    const existing = await idByName(ctx, 'chat_providers', p.name);
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
    const p = await idByName(ctx, 'chat_providers', provider);
    if (!p)
      throw new Error(
        `ATELIER_CONFIG models: "${m.name}" names provider "${provider}", which is not declared`,
      );
    const existing = await idByName(ctx, 'chat_models', m.name);
    if (existing)
      await db
        .updateTable('chat_models')
        .set({ ...modelColumns({ ...fields, providerId: p.id }), updated_at: nowIso() })
        .where('id', '=', existing.id)
        .execute();
    else await createModel(ctx, { ...fields, providerId: p.id });
  }
  forgetCatalogue();
  if (providers.length || models.length)
    lines.push(
      `Chat: ${providers.length} providers and ${models.length} models from the config file`,
    );
  return lines;
}

/**
 * Adds a demo model on the demo provider once, by name: an admin's later edits stay, and
 * another process seeding at the same moment is no error. True when this call added it.
 */
export async function seedDemoModel(
  ctx: AppContext,
  model: {
    name: string;
    upstreamModel: string;
    kind: (typeof C.modelKinds)[number];
    priceKey: string;
    sort?: number;
  },
): Promise<boolean> {
  const db = ctx.db.kysely;
  const exists = await db
    .selectFrom('chat_models')
    .select('id')
    .where('name', '=', model.name)
    .executeTakeFirst();
  if (exists) return false;
  const demo = await db
    .selectFrom('chat_providers')
    .select('id')
    .where('name', '=', DEMO_PROVIDER)
    .executeTakeFirst();
  if (!demo) return false;
  try {
    await createModel(ctx, { sort: 1000, ...model, providerId: demo.id });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
}
