import type { z } from 'zod';
import { chat } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang, Localized } from '../../http/messages.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';
import { deleteFiles, filesOfTask } from '../files/index.js';
import {
  registerProviderChecks,
  seedDemoModel,
  type ModelKind,
  type ProviderCheck,
} from '../providers/index.js';
import {
  deleteTasks,
  getTasks,
  listTasks,
  registerTaskKind,
  UpstreamError,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from '../tasks/index.js';
import { kindTexts, type KindTexts } from './messages.js';
import { kindModels, type KindModel } from './models.js';

export type { KindModel } from './models.js';

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

export interface KindDefinition<P extends { modelId: number }, D, V> {
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
  protocols: Record<string, KindAdapter<P, D>>;
  /** A task as its screen reads it. */
  view(task: TaskRow, parsed: { params: P; data: D }, model: KindModel | null, lang: Lang): V;
  /** Its tasks' own deadline (else the engine's). */
  timeoutMs?: number;
  /** The offline demo's model and the prices seeded with it. */
  demo?: { name: string; upstreamModel: string; priceKey: string; prices: SeedPrice[] };
}

export interface Kind<P extends { modelId: number }, D, V> {
  readonly definition: KindDefinition<P, D, V>;
  readonly texts: KindTexts;
  readonly runner: TaskRunner;
  paramsOf(task: TaskRow): P;
  dataOf(task: TaskRow): D;
  /** The models a user may pick (VIP-only ones for VIPs), by their sort. */
  modelsFor(ctx: AppContext, userId: number): Promise<KindModel[]>;
  /** The models a user may pick that have an enabled price, with what one costs them. */
  offeredModels(ctx: AppContext, userId: number): Promise<Array<KindModel & { credits: number }>>;
  /** The model a task uses: the one asked for, else the first offered (404 / 403). */
  pickModel(ctx: AppContext, userId: number, modelId?: number): Promise<KindModel>;
  /** The model of a stored task, whatever its state now (a running task keeps its upstream). */
  modelById(ctx: AppContext, id: number): Promise<KindModel | null>;
  views(ctx: AppContext, rows: TaskRow[], lang: Lang): Promise<V[]>;
  list(
    ctx: AppContext,
    userId: number,
    page: { page: number; size: number },
    lang: Lang,
  ): Promise<{ rows: V[]; count: number }>;
  /** One task of the caller's (404 otherwise). */
  status(ctx: AppContext, userId: number, id: number, lang: Lang): Promise<V>;
  /** Deletes one task of the caller's with its files; a running one is cancelled and refunded. */
  remove(ctx: AppContext, userId: number, id: number): Promise<{ deleted: number }>;
  /** Registers its runner on an app (its module's `routes`). */
  register(ctx: AppContext): void;
  /** Its demo model and prices, once (an operator's later edits stay). */
  seed(ctx: AppContext): Promise<string[]>;
}

export function defineKind<P extends { modelId: number }, D, V>(
  def: KindDefinition<P, D, V>,
): Kind<P, D, V> {
  const texts = kindTexts(def.noun);
  const protocols = chat.providerProtocols.filter((p) => Object.hasOwn(def.protocols, p));
  registerProviderChecks(def.protocols);

  const models = kindModels(def.modelKind, protocols, texts);
  const { modelById, modelsFor } = models;

  const paramsOf = (task: TaskRow) => def.params.parse(task.params);
  const dataOf = (task: TaskRow) => def.data.parse(task.data);

  async function step(task: TaskRow, io: TaskIo, which: 'submit' | 'poll') {
    const params = paramsOf(task);
    const model = await modelById(io.ctx, params.modelId);
    const adapter = model ? def.protocols[model.protocol] : undefined;
    if (!model || !adapter) throw UpstreamError.permanent(texts.modelNotFound);
    return adapter[which]({ task, params, data: dataOf(task), model, io });
  }

  const runner: TaskRunner = {
    kind: def.kind,
    ...(def.timeoutMs ? { timeoutMs: def.timeoutMs } : {}),
    submit: (task, io) => step(task, io, 'submit'),
    poll: (task, io) => step(task, io, 'poll'),
  };

  async function views(ctx: AppContext, rows: TaskRow[], lang: Lang) {
    const parsed = rows.map((r) => ({ params: paramsOf(r), data: dataOf(r) }));
    const ids = [...new Set(parsed.map((p) => p.params.modelId))];
    const models = new Map<number, KindModel | null>();
    await Promise.all(ids.map(async (id) => models.set(id, await modelById(ctx, id))));
    return rows.map((r, i) =>
      def.view(r, parsed[i]!, models.get(parsed[i]!.params.modelId) ?? null, lang),
    );
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
    async seed(ctx) {
      if (!def.demo) return [];
      const { prices, ...model } = def.demo;
      const lines: string[] = [];
      for (const key of await seedPrices(ctx.db.kysely, prices))
        lines.push(`${def.label}: price ${key} added`);
      if (await seedDemoModel(ctx, { ...model, kind: def.modelKind }))
        lines.push(`${def.label}: the "${model.name}" model added`);
      return lines;
    },
  };
}
