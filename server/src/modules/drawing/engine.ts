import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Localized } from '../../http/messages.js';
import { hold, quote, release, settle } from '../credits/ledger.js';
import {
  PermanentError,
  TransientError,
  type ResultFile,
  type StepOutcome,
  type TaskRow,
  type TaskRunner,
} from './runner-types.js';
import type { DrawingTasksTable } from './tables.js';

/**
 * The drawing module's own small task engine (INTERFACES.md's contract: createTask holds the
 * price with the insert, runners submit and poll, done settles, failed releases, pushes go
 * through reportProgress), in-process timers, and the files its tasks produce. It stands in
 * for the shared engine of `server/src/modules/tasks/` until that one exists.
 */
export type TaskView = TaskRow;
type Row = Selectable<DrawingTasksTable>;

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const toView = (r: Row, queuePosition: number | null = null): TaskView => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  action: r.action,
  prompt: r.prompt,
  params: parse(r.params, {}),
  parentId: r.parent_id,
  status: r.status,
  progress: r.progress,
  upstreamId: r.upstream_id,
  providerId: r.provider_id,
  images: parse(r.files, []),
  error: parse<Localized | null>(r.error, null),
  data: parse(r.data, {}),
  credits: r.credits,
  queuePosition,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

// ---------------------------------------------------------------- files

const fileDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'drawing-files');
const fileUrl = (id: number, token: string, thumb = false) =>
  `/api/drawing/files/${id}-${token}${thumb ? '-thumb' : ''}`;

/** Stores a picture (or any file) the user owns; pictures get a 256 px thumbnail. */
export async function storeImage(
  ctx: AppContext,
  userId: number,
  bytes: Buffer,
  name: string,
): Promise<{ url: string; thumbUrl: string; width: number; height: number }> {
  const token = randomBytes(12).toString('base64url');
  const dir = fileDir(ctx);
  await fs.promises.mkdir(dir, { recursive: true });
  const ext = (path.extname(name) || '.bin').toLowerCase();
  const base = `${Date.now()}-${token}`;
  await fs.promises.writeFile(path.join(dir, `${base}${ext}`), bytes);
  let width = 0;
  let height = 0;
  let mime = ext === '.zip' ? 'application/zip' : 'application/octet-stream';
  let thumb: string | null = null;
  try {
    const meta = await sharp(bytes).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    mime = `image/${meta.format === 'jpeg' ? 'jpeg' : (meta.format ?? 'png')}`;
    thumb = `${base}-thumb.webp`;
    await fs.promises.writeFile(
      path.join(dir, thumb),
      await sharp(bytes).resize(256, 256, { fit: 'inside' }).webp({ quality: 70 }).toBuffer(),
    );
  } catch {
    // Not a picture (a zip): no size, no thumbnail.
  }
  const row = await ctx.db.kysely
    .insertInto('drawing_files')
    .values({
      user_id: userId,
      token,
      path: `${base}${ext}`,
      thumb_path: thumb,
      mime,
      size: bytes.length,
      width,
      height,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    url: fileUrl(row.id, token),
    thumbUrl: thumb ? fileUrl(row.id, token, true) : fileUrl(row.id, token),
    width,
    height,
  };
}

const FILE_URL = /^\/api\/(drawing\/files|files)\/(\d+)-([\w-]+?)(-thumb)?(?:\?.*)?$/;

/**
 * A picture the user owns, by the url they were given (null when it is not theirs or gone).
 * Uploads of the shared engine (`/api/files/…`) are read through it once it exists.
 */
export async function readOwnedImage(
  ctx: AppContext,
  userId: number,
  url: string,
): Promise<{ mime: string; bytes: Buffer } | null> {
  const m = url.match(FILE_URL);
  if (!m || m[1] !== 'drawing/files') return null;
  const row = await ctx.db.kysely
    .selectFrom('drawing_files')
    .selectAll()
    .where('id', '=', Number(m[2]))
    .where('token', '=', m[3]!)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const bytes = await fs.promises.readFile(path.join(fileDir(ctx), row.path)).catch(() => null);
  return bytes ? { mime: row.mime, bytes } : null;
}

export function fileRoutes(app: FastifyInstance): void {
  // Links carry an unguessable token (like a signed link): an <img> loads them without headers.
  app.get<{ Params: { file: string } }>(
    '/drawing/files/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = `/api/drawing/files/${req.params.file}`.match(FILE_URL);
      if (!m) throw notFound();
      const row = await app.ctx.db.kysely
        .selectFrom('drawing_files')
        .selectAll()
        .where('id', '=', Number(m[2]))
        .where('token', '=', m[3]!)
        .executeTakeFirst();
      if (!row) throw notFound();
      const thumb = Boolean(m[4]) && row.thumb_path;
      const file = path.join(fileDir(app.ctx), thumb ? row.thumb_path! : row.path);
      const bytes = await fs.promises.readFile(file).catch(() => null);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', thumb ? 'image/webp' : row.mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}

// ---------------------------------------------------------------- tasks

/** Runners per app (tests run several apps in one process). */
const runnersOf = new WeakMap<AppContext, Map<string, TaskRunner>>();
export function registerRunner(ctx: AppContext, runner: TaskRunner): void {
  let map = runnersOf.get(ctx);
  if (!map) runnersOf.set(ctx, (map = new Map()));
  map.set(runner.kind, runner);
}

interface Scheduler {
  timers: Map<number, NodeJS.Timeout>;
  busy: Set<number>;
  closed: boolean;
  controller: AbortController;
}
const schedulers = new WeakMap<AppContext, Scheduler>();
const schedulerOf = (ctx: AppContext): Scheduler => {
  let s = schedulers.get(ctx);
  if (!s) {
    s = { timers: new Map(), busy: new Set(), closed: false, controller: new AbortController() };
    schedulers.set(ctx, s);
  }
  return s;
};

export function stopScheduler(ctx: AppContext): void {
  const s = schedulerOf(ctx);
  s.closed = true;
  s.controller.abort();
  for (const t of s.timers.values()) clearTimeout(t);
  s.timers.clear();
}

function schedule(ctx: AppContext, taskId: number, delayMs: number): void {
  const s = schedulerOf(ctx);
  if (s.closed) return;
  const old = s.timers.get(taskId);
  if (old) clearTimeout(old);
  s.timers.set(
    taskId,
    setTimeout(
      () => {
        s.timers.delete(taskId);
        void step(ctx, taskId);
      },
      Math.max(0, delayMs),
    ),
  );
}

const MAX_ATTEMPTS = 4;
/** Relax-mode drawings can wait hours upstream; their hold must outlive them. */
const HOLD_TTL_SECONDS = 24 * 3600;

async function load(ctx: AppContext, id: number): Promise<Row | undefined> {
  return ctx.db.kysely
    .selectFrom('drawing_tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

async function step(ctx: AppContext, taskId: number): Promise<void> {
  const s = schedulerOf(ctx);
  if (s.busy.has(taskId) || s.closed) return;
  s.busy.add(taskId);
  try {
    const row = await load(ctx, taskId);
    if (!row || row.status > 2) return;
    const runner = runnersOf.get(ctx)?.get(row.kind);
    if (!runner) return;
    if (row.status === 1 && row.provider_id !== null && (await providerFull(ctx, row))) {
      // The provider runs as many as it may at once; this one waits its turn.
      schedule(ctx, taskId, ctx.config.drawing.pollMs);
      return;
    }
    const io = { ctx, log: ctx.log, signal: s.controller.signal };
    let outcome: StepOutcome;
    try {
      outcome =
        row.status === 1 || !row.upstream_id
          ? await runner.submit(toView(row), io)
          : await runner.poll(toView(row), io);
    } catch (error) {
      if (s.closed) return;
      if (error instanceof PermanentError) {
        outcome = { type: 'failed', error: error.text };
      } else {
        const attempts = row.attempts + 1;
        ctx.log.warn(
          { taskId, attempts, err: (error as Error).message },
          'drawing task step failed',
        );
        if (attempts >= MAX_ATTEMPTS || !(error instanceof TransientError)) {
          outcome = {
            type: 'failed',
            error: {
              'en-US': 'The drawing service is not answering. Nothing was charged.',
              'zh-CN': '绘画服务暂时无响应，未扣除积分。',
              'zh-TW': '繪畫服務暫時無回應，未扣除積分。',
            },
          };
        } else {
          await ctx.db.kysely
            .updateTable('drawing_tasks')
            .set({ attempts })
            .where('id', '=', taskId)
            .execute();
          schedule(ctx, taskId, Math.min(ctx.config.drawing.pollMs * 2 ** attempts, 60_000));
          return;
        }
      }
    }
    await apply(ctx, row, outcome);
  } catch (error) {
    if (!s.closed) ctx.log.error({ taskId, err: (error as Error).message }, 'drawing task error');
  } finally {
    s.busy.delete(taskId);
  }
}

/** Whether the task's provider already runs its `concurrency` tasks (older queued ones go first). */
async function providerFull(ctx: AppContext, row: Row): Promise<boolean> {
  const db = ctx.db.kysely;
  const provider = await db
    .selectFrom('chat_providers')
    .select('concurrency')
    .where('id', '=', row.provider_id!)
    .executeTakeFirst();
  if (!provider) return false;
  const busy = await db
    .selectFrom('drawing_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', row.provider_id!)
    .where((eb) =>
      eb.or([eb('status', '=', 2), eb.and([eb('status', '=', 1), eb('id', '<', row.id)])]),
    )
    .executeTakeFirstOrThrow();
  return Number(busy.n) >= provider.concurrency;
}

const mergeData = (row: Row, data?: Record<string, unknown>) =>
  JSON.stringify({ ...parse(row.data, {}), ...(data ?? {}) });

async function fetchFile(url: string): Promise<Buffer> {
  const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new TransientError(`result download: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Applies one outcome to the task (the row as it was when the step began). */
async function apply(ctx: AppContext, row: Row, outcome: StepOutcome): Promise<boolean> {
  const db = ctx.db.kysely;
  switch (outcome.type) {
    case 'submitted': {
      const r = await db
        .updateTable('drawing_tasks')
        .set({
          status: 2,
          upstream_id: outcome.upstreamId,
          progress: outcome.progress ?? 0,
          attempts: 0,
          data: mergeData(row, outcome.data),
        })
        .where('id', '=', row.id)
        .where('status', '<=', 2)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) schedule(ctx, row.id, outcome.pollAfterMs);
      return Number(r.numUpdatedRows) > 0;
    }
    case 'progress': {
      const r = await db
        .updateTable('drawing_tasks')
        .set({ progress: outcome.progress, data: mergeData(row, outcome.data) })
        .where('id', '=', row.id)
        .where('status', '=', 2)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) schedule(ctx, row.id, outcome.pollAfterMs);
      return Number(r.numUpdatedRows) > 0;
    }
    case 'done': {
      let images;
      try {
        images = [];
        for (const f of outcome.files) {
          const bytes = f.bytes ?? (f.url ? await fetchFile(f.url) : null);
          if (!bytes) continue;
          images.push(await storeImage(ctx, row.user_id, bytes, f.name ?? nameOf(f)));
        }
      } catch (error) {
        ctx.log.warn({ taskId: row.id, err: (error as Error).message }, 'result download failed');
        schedule(ctx, row.id, ctx.config.drawing.pollMs);
        return false;
      }
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('drawing_tasks')
          .set({
            status: 3,
            progress: 100,
            files: JSON.stringify(images),
            data: mergeData(row, outcome.data),
            finished_at: nowIso(),
          })
          .where('id', '=', row.id)
          .where('status', '<=', 2)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        if (row.hold_id) {
          try {
            await settle(trx, { holdId: row.hold_id, actualAmount: row.credits });
          } catch (error) {
            // The hold outlived its time and was returned: the picture is the user's, unpaid.
            if (!(error instanceof AppError && error.status === 409)) throw error;
            await trx
              .updateTable('drawing_tasks')
              .set({ credits: 0 })
              .where('id', '=', row.id)
              .execute();
          }
        }
        return true;
      });
    }
    case 'failed':
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('drawing_tasks')
          .set({
            status: 4,
            error: JSON.stringify(outcome.error),
            credits: 0,
            data: mergeData(row, outcome.data),
            finished_at: nowIso(),
          })
          .where('id', '=', row.id)
          .where('status', '<=', 2)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        if (row.hold_id) await release(trx, { holdId: row.hold_id });
        return true;
      });
  }
}

const nameOf = (f: ResultFile) => {
  const ext = f.url?.match(/\.(png|jpe?g|webp|gif)(?:\?|$)/i)?.[1] ?? 'png';
  return `result.${ext}`;
};

export interface CreateTaskInput {
  userId: number;
  kind: string;
  action: string;
  prompt: string;
  params: Record<string, unknown>;
  parentId?: number | null;
  priceKey: string | null;
  providerId: number | null;
  providerLimit?: number;
}

/** Inserts the task and holds its price in one transaction (430: nothing created), then runs it. */
export async function createTask(ctx: AppContext, input: CreateTaskInput): Promise<TaskView> {
  const amount = input.priceKey
    ? await quote(ctx.db.kysely, { priceKey: input.priceKey, userId: input.userId })
    : 0;
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('drawing_tasks')
      .values({
        user_id: input.userId,
        kind: input.kind,
        action: input.action,
        prompt: input.prompt,
        params: JSON.stringify(input.params),
        parent_id: input.parentId ?? null,
        status: 1,
        progress: 0,
        upstream_id: null,
        provider_id: input.providerId,
        price_key: input.priceKey,
        hold_id: null,
        credits: amount,
        files: '[]',
        error: null,
        data: '{}',
        attempts: 0,
        created_at: nowIso(),
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!input.priceKey) return created;
    const { holdId } = await hold(trx, {
      userId: input.userId,
      amount,
      ref: `drawing:${created.id}`,
      priceKey: input.priceKey,
      ttlSeconds: HOLD_TTL_SECONDS,
    });
    await trx
      .updateTable('drawing_tasks')
      .set({ hold_id: holdId })
      .where('id', '=', created.id)
      .execute();
    return { ...created, hold_id: holdId };
  });
  schedule(ctx, row.id, 0);
  return toView(row, 0);
}

/** A failed task of the user runs again with a new hold. */
export async function redoTask(ctx: AppContext, userId: number, taskId: number): Promise<TaskView> {
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom('drawing_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!r || r.status !== 4) throw notFound();
    const amount = r.price_key ? await quote(trx, { priceKey: r.price_key, userId }) : 0;
    const holdId = r.price_key
      ? (
          await hold(trx, {
            userId,
            amount,
            ref: `drawing:${r.id}:redo:${Date.now()}`,
            priceKey: r.price_key,
            ttlSeconds: HOLD_TTL_SECONDS,
          })
        ).holdId
      : null;
    return trx
      .updateTable('drawing_tasks')
      .set({
        status: 1,
        progress: 0,
        upstream_id: null,
        hold_id: holdId,
        credits: amount,
        error: null,
        attempts: 0,
        finished_at: null,
      })
      .where('id', '=', r.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  schedule(ctx, row.id, 0);
  return toView(row, 0);
}

/** A push from upstream (Midjourney's notify hook), applied only while the task runs that id. */
export async function reportProgress(
  ctx: AppContext,
  input: { taskId: number; upstreamId: string; outcome: StepOutcome },
): Promise<boolean> {
  const s = schedulerOf(ctx);
  if (s.busy.has(input.taskId)) return false;
  s.busy.add(input.taskId);
  try {
    const row = await load(ctx, input.taskId);
    if (!row || row.status !== 2 || row.upstream_id !== input.upstreamId) return false;
    return await apply(ctx, row, input.outcome);
  } finally {
    s.busy.delete(input.taskId);
  }
}

/** Tasks of the user among `ids` (others' and unknown ids are simply absent). */
export async function ownedTasks(
  ctx: AppContext,
  userId: number,
  ids: number[],
  kinds: string[],
): Promise<TaskView[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.kysely
    .selectFrom('drawing_tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('kind', 'in', kinds)
    .orderBy('id', 'desc')
    .execute();
  return withPositions(ctx, rows);
}

async function withPositions(ctx: AppContext, rows: Row[]): Promise<TaskView[]> {
  return Promise.all(
    rows.map(async (r) => {
      if (r.status !== 1) return toView(r);
      const ahead = await ctx.db.kysely
        .selectFrom('drawing_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .where('kind', '=', r.kind)
        .where('id', '<', r.id)
        .executeTakeFirstOrThrow();
      return toView(r, Number(ahead.n));
    }),
  );
}

export async function listTasks(
  ctx: AppContext,
  userId: number,
  q: { kinds: string[]; page: number; size: number; status?: number; keyword?: string },
): Promise<{ rows: TaskView[]; count: number; countQueue: number }> {
  const db = ctx.db.kysely;
  let base = db
    .selectFrom('drawing_tasks')
    .where('user_id', '=', userId)
    .where('kind', 'in', q.kinds);
  if (q.status) base = base.where('status', '=', q.status as 1 | 2 | 3 | 4);
  if (q.keyword) base = base.where('prompt', 'like', `%${q.keyword.replace(/[%_]/g, '')}%`);
  const [rows, total, queued] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('drawing_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('kind', 'in', q.kinds)
      .where('status', 'in', [1, 2])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: await withPositions(ctx, rows),
    count: Number(total.n),
    countQueue: Number(queued.n),
  };
}

export async function countMine(
  ctx: AppContext,
  userId: number,
  kinds: string[],
): Promise<{ queued: number; running: number }> {
  const rows = await ctx.db.kysely
    .selectFrom('drawing_tasks')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('status', 'in', [1, 2])
    .groupBy('status')
    .execute();
  const of = (s: number) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { queued: of(1), running: of(2) };
}

export async function queueAhead(
  ctx: AppContext,
  q: { kinds: string[]; providerId: number },
): Promise<number> {
  const r = await ctx.db.kysely
    .selectFrom('drawing_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', 'in', q.kinds)
    .where('provider_id', '=', q.providerId)
    .where('status', 'in', [1, 2])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Deletes the user's tasks; a running one has its hold released first. */
export async function deleteTasks(ctx: AppContext, userId: number, ids: number[]): Promise<number> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('drawing_tasks')
      .select(['id', 'status', 'hold_id'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) if (r.status <= 2 && r.hold_id) await release(trx, { holdId: r.hold_id });
    const d = await trx
      .deleteFrom('drawing_tasks')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const s = schedulerOf(ctx);
    for (const r of rows) {
      const t = s.timers.get(r.id);
      if (t) clearTimeout(t);
      s.timers.delete(r.id);
    }
    return Number(d.numDeletedRows);
  });
}

/** Picks up tasks left queued or running by a previous process (none are failed unpaid). */
export async function resumeTasks(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.kysely
    .selectFrom('drawing_tasks')
    .select('id')
    .where('status', 'in', [1, 2])
    .execute();
  rows.forEach((r, i) => schedule(ctx, r.id, 50 * i));
  return rows.length;
}
