import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang, Localized } from '../../http/messages.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';
import { deleteFiles, filesOfTask } from '../files/index.js';
import {
  registerProtocols,
  seedDemoModel,
  type ModelKind,
  type ProviderCheck,
} from '../providers/index.js';
import {
  deleteTasks,
  getTasks,
  listTasks,
  queuePositions,
  registerTaskKind,
  UpstreamError,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from '../tasks/index.js';
import { kindTexts, type KindTexts } from './messages.js';
import { actionPrices, kindModels, type KindModel, type ModelFilter } from './models.js';

export type { KindModel, ModelFilter } from './models.js';

/*
 * The creation-kind kit: one definition per kind (its params and data as zod schemas, its
 * view, its adapter map) gives the model picking, the runner, the list/status/delete/models
 * handlers, the standard texts and the demo model with its prices (docs/architecture.md,
 * Kinds). What is truly a kind's own (its submit call, its sources, its extra routes) stays in
 * its module.
 */

/** One step of a task as an adapter receives it: params and data parsed, the model read. */
export interface KindJob<P, D> {
  task: TaskRow;
  params: P;
  data: D;
  model: KindModel;
  io: TaskIo;
}

/** What a protocol does for a kind: submit once, poll while upstream; its connection test. */
export interface KindAdapter<P, D> {
  submit(job: KindJob<P, D>): Promise<StepOutcome>;
  poll(job: KindJob<P, D>): Promise<StepOutcome>;
  checkConnection?: ProviderCheck;
}

/** A task's params as the kit reads them: the model it runs on (null: work of the kind's own). */
export type KindParams = { modelId: number | null };

export interface KindDefinition<
  P extends KindParams,
  D,
  V,
  A extends KindAdapter<P, D> = KindAdapter<P, D>,
> {
  /** The task kind (contracts' `taskKinds`). */
  kind: string;
  /** The kind of its models and prices (contracts' `modelKinds`). */
  modelKind: ModelKind;
  /** What one is called, for the standard texts ("separation": "No such separation"). */
  noun: Localized;
  /** Its module's name as seed lines say it ("Separation"). */
  label: string;
  params: z.ZodType<P>;
  data: z.ZodType<D>;
  /** Adapters by provider protocol; only these protocols' models are offered. */
  protocols: Record<string, A>;
  /**
   * Which of those models the kind offers, when a model kind and protocol serve several
   * kinds (the demo provider's image models: each screen its own); every one without it.
   */
  offers?: ModelFilter;
  /**
   * Whether the per-model allow lists of the console (`chat_model_access`) decide who may pick
   * its models, as they do for chat (drawing's kinds).
   */
  access?: boolean;
  /**
   * A step the kind does itself, with no adapter (music's crop, its own concatenation): its
   * outcome, or null for the model's adapter. `model` is null when the params name none.
   */
  ownStep?(
    which: 'submit' | 'poll',
    job: Omit<KindJob<P, D>, 'model'> & { model: KindModel | null; adapter: A | null },
  ): Promise<StepOutcome> | null;
  /** A task as its screen reads it (`at`: the app, and its place in the queue if `queued`). */
  view(
    task: TaskRow,
    parsed: { params: P; data: D },
    model: KindModel | null,
    lang: Lang,
    at: { ctx: AppContext; position: number | null },
  ): V;
  /** Whether its view shows a queued task's place in the queue (one more query per list). */
  queued?: boolean;
  /** Its tasks' own deadline (else the engine's). */
  timeoutMs?: number;
  /** The offline demo's model and the prices seeded with it. */
  demo?: {
    name: string;
    upstreamModel: string;
    priceKey: string;
    prices: SeedPrice[];
    /** Its place in the model lists (else the demo models' default). */
    sort?: number;
  };
}

export interface Kind<P extends KindParams, D, V, A extends KindAdapter<P, D> = KindAdapter<P, D>> {
  readonly definition: KindDefinition<P, D, V, A>;
  readonly texts: KindTexts;
  readonly runner: TaskRunner;
  paramsOf(task: TaskRow): P;
  dataOf(task: TaskRow): D;
  /** The models a user may pick (VIP-only ones for VIPs; null: no caller), by their sort. */
  modelsFor(ctx: AppContext, userId: number | null): Promise<KindModel[]>;
  /** The models a user may pick that have an enabled price, with what one costs them. */
  offeredModels(ctx: AppContext, userId: number): Promise<Array<KindModel & { credits: number }>>;
  /**
   * The model a task uses: the one asked for, else the first offered that `prefer` accepts,
   * else the first offered (404 / 403).
   */
  pickModel(
    ctx: AppContext,
    userId: number,
    modelId?: number,
    prefer?: (m: KindModel) => boolean,
  ): Promise<KindModel>;
  /**
   * The model of a stored task, whatever its state now (a running task keeps its upstream);
   * null when it is not one of the kind's models.
   */
  modelById(ctx: AppContext, id: number): Promise<KindModel | null>;
  /** The adapter of a model's protocol (null: not one of the kind's). */
  adapterOf(model: KindModel): A | null;
  /**
   * What each action costs on each model, by the price keys `<model's price prefix>:<action>`
   * (enabled prices only; null: none).
   */
  actionPrices<K extends string>(
    ctx: AppContext,
    models: KindModel[],
    actions: readonly K[],
  ): Promise<Map<number, Record<K, number | null>>>;
  views(ctx: AppContext, rows: TaskRow[], lang: Lang): Promise<V[]>;
  list(
    ctx: AppContext,
    userId: number,
    page: { page: number; size: number },
    lang: Lang,
  ): Promise<{ rows: V[]; count: number }>;
  /** One task of the caller's (404 otherwise). */
  status(ctx: AppContext, userId: number, id: number, lang: Lang): Promise<V>;
  /**
   * The caller's tasks of these ids: others' and unknown ids are left out, or with `all` any
   * of them is a 404.
   */
  statuses(
    ctx: AppContext,
    userId: number,
    ids: number[],
    lang: Lang,
    opts?: { all?: boolean },
  ): Promise<V[]>;
  /** Deletes one task of the caller's with its files; a running one is cancelled and refunded. */
  remove(ctx: AppContext, userId: number, id: number): Promise<{ deleted: number }>;
  /**
   * Deletes the caller's tasks of these ids (others' are left); running ones are cancelled and
   * refunded. Their files go too unless `keepFiles` (a kind whose files other kinds use); with
   * `all`, an id not the caller's is a 404 and nothing is deleted.
   */
  removeMany(
    ctx: AppContext,
    userId: number,
    ids: number[],
    opts?: { keepFiles?: boolean; all?: boolean },
  ): Promise<{ deleted: number }>;
  /** Registers its runner on an app (its module's `routes`). */
  register(ctx: AppContext): void;
  /** Its demo model and prices, once (an operator's later edits stay). */
  seed(ctx: AppContext): Promise<string[]>;
}

export function defineKind<
  P extends KindParams,
  D,
  V,
  A extends KindAdapter<P, D> = KindAdapter<P, D>,
>(def: KindDefinition<P, D, V, A>): Kind<P, D, V, A> {
  const texts = kindTexts(def.noun);
  const protocols = Object.keys(def.protocols);
  registerProtocols(def.kind, def.protocols);

  const models = kindModels(def.modelKind, protocols, texts, def.offers, def.access);
  const { modelById, modelsFor } = models;

  const paramsOf = (task: TaskRow) => def.params.parse(task.params);
  const dataOf = (task: TaskRow) => def.data.parse(task.data);

  const adapterOf = (model: KindModel): A | null =>
    Object.hasOwn(def.protocols, model.protocol) ? def.protocols[model.protocol]! : null;

  async function step(task: TaskRow, io: TaskIo, which: 'submit' | 'poll') {
    const params = paramsOf(task);
    const data = dataOf(task);
    const model = params.modelId ? await modelById(io.ctx, params.modelId) : null;
    const adapter = model ? adapterOf(model) : null;
    const own = def.ownStep?.(which, { task, params, data, model, adapter, io });
    if (own) return own;
    if (!model || !adapter) throw UpstreamError.permanent(texts.modelNotFound);
    return adapter[which]({ task, params, data, model, io });
  }

  const runner: TaskRunner = {
    kind: def.kind,
    ...(def.timeoutMs ? { timeoutMs: def.timeoutMs } : {}),
    submit: (task, io) => step(task, io, 'submit'),
    poll: (task, io) => step(task, io, 'poll'),
  };

  async function views(ctx: AppContext, rows: TaskRow[], lang: Lang) {
    const parsed = rows.map((r) => ({ params: paramsOf(r), data: dataOf(r) }));
    const ids = [...new Set(parsed.map((p) => p.params.modelId ?? 0))].filter((id) => id);
    const models = new Map<number, KindModel | null>();
    await Promise.all(ids.map(async (id) => models.set(id, await modelById(ctx, id))));
    const positions = def.queued ? await queuePositions(ctx, rows) : new Map<number, number>();
    return rows.map((r, i) =>
      def.view(r, parsed[i]!, models.get(parsed[i]!.params.modelId ?? 0) ?? null, lang, {
        ctx,
        position: positions.get(r.id) ?? null,
      }),
    );
  }

  /** The caller's tasks of these ids (with `all`, 404 unless every one is). */
  async function ownMany(ctx: AppContext, userId: number, ids: number[], all = false) {
    const unique = [...new Set(ids)];
    const mine = await getTasks(ctx, userId, unique, [def.kind]);
    if (all && mine.length !== unique.length) throw notFound(texts.taskNotFound);
    return mine;
  }

  async function own(ctx: AppContext, userId: number, id: number) {
    const [task] = await getTasks(ctx, userId, [id], [def.kind]);
    if (!task) throw notFound(texts.taskNotFound);
    return task;
  }

  return {
    definition: def,
    texts,
    runner,
    paramsOf,
    dataOf,
    modelsFor,
    modelById,
    adapterOf,
    actionPrices: (ctx, models, actions) => actionPrices(ctx, models, actions),
    views,
    offeredModels: models.offeredModels,
    pickModel: models.pickModel,
    async list(ctx, userId, page, lang) {
      const r = await listTasks(ctx, { userId, kinds: [def.kind], ...page });
      return { rows: await views(ctx, r.rows, lang), count: r.count };
    },
    async status(ctx, userId, id, lang) {
      return (await views(ctx, [await own(ctx, userId, id)], lang))[0]!;
    },
    async statuses(ctx, userId, ids, lang, opts = {}) {
      return views(ctx, await ownMany(ctx, userId, ids, opts.all), lang);
    },
    async removeMany(ctx, userId, ids, opts = {}) {
      const mine = await ownMany(ctx, userId, ids, opts.all);
      const files = opts.keepFiles
        ? []
        : (await Promise.all(mine.map((t) => filesOfTask(ctx, userId, t.id)))).flat();
      const deleted = await deleteTasks(
        ctx,
        userId,
        mine.map((t) => t.id),
        { cancelRunning: true },
      );
      await deleteFiles(ctx, files);
      return { deleted };
    },
    async remove(ctx, userId, id) {
      const task = await own(ctx, userId, id);
      // Its files go with it; a running one is cancelled and its hold returned.
      const files = await filesOfTask(ctx, userId, task.id);
      const deleted = await deleteTasks(ctx, userId, [task.id], { cancelRunning: true });
      await deleteFiles(ctx, files);
      return { deleted };
    },
    register(ctx) {
      registerTaskKind(ctx, runner);
    },
    seed: (ctx) => seedKind(ctx, def),
  };
}

/** A kind's demo model and its prices, once (an operator's later edits stay). */
async function seedKind<P extends KindParams, D, V, A extends KindAdapter<P, D>>(
  ctx: AppContext,
  def: KindDefinition<P, D, V, A>,
): Promise<string[]> {
  if (!def.demo) return [];
  const { prices, ...model } = def.demo;
  const lines: string[] = [];
  const added = await seedPrices(ctx.db.kysely, prices);
  if (added.length > 0) lines.push(`${def.label}: ${added.length} demo prices added`);
  if (await seedDemoModel(ctx, { ...model, kind: def.modelKind }))
    lines.push(`${def.label}: the "${model.name}" model added`);
  return lines;
}

/**
 * The view of a kind whose tasks are shown by lists of several kinds (the draw lists), not by
 * the kit's `list` / `status`: the row as it is.
 */
export const rowView = (task: TaskRow): TaskRow => task;

/**
 * A kind's adapter map from an upstream map (providers/<kind>/): each entry wrapped into the
 * kind's adapter, its connection test kept.
 */
export function wrapAdapters<U extends { checkConnection?: ProviderCheck }, A extends object>(
  upstreams: Record<string, U>,
  wrap: (upstream: U) => A,
): Record<string, A & { checkConnection?: ProviderCheck }> {
  return Object.fromEntries(
    Object.entries(upstreams).map(([protocol, u]) => {
      const adapter = wrap(u);
      return [
        protocol,
        u.checkConnection ? { ...adapter, checkConnection: u.checkConnection } : adapter,
      ];
    }),
  );
}
