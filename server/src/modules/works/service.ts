import type { Selectable } from 'kysely';
import { TaskStatus, type works as W } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { getTask, readTasks, type TaskRow } from '../tasks/index.js';
import { accountsOf } from '../auth/index.js';
import { withoutPrivateFiles } from '../files/index.js';
import { mediaOf, toWorkFile } from './media.js';
import { texts } from './messages.js';
import type { WorksTable } from './tables.js';

export type WorkRow = Selectable<WorksTable>;

/** Who looks: a user or guest id, or null when signed out. */
export type Viewer = number | null;

const parseTags = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export async function authorsOf(ctx: AppContext, ids: number[]): Promise<Map<number, W.Author>> {
  const out = new Map<number, W.Author>();
  if (ids.length === 0) return out;
  for (const [id, r] of await accountsOf(ctx.db.kysely, ids))
    out.set(id, { id, name: r.nickname || r.username || `#${id}`, avatar: r.avatar });
  return out;
}

export async function workRowsOf(ctx: AppContext, ids: number[]): Promise<Map<number, WorkRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.kysely.selectFrom('works').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The viewer's likes and collections among these works. */
async function reactionsOf(ctx: AppContext, viewer: Viewer, ids: number[]) {
  const liked = new Set<number>();
  const collected = new Set<number>();
  if (viewer === null || ids.length === 0) return { liked, collected };
  const rows = await ctx.db.kysely
    .selectFrom('reactions')
    .select(['type', 'target_id'])
    .where('user_id', '=', viewer)
    .where('target_type', '=', 'work')
    .where('target_id', 'in', ids)
    .execute();
  for (const r of rows) (r.type === 'like' ? liked : collected).add(r.target_id);
  return { liked, collected };
}

/**
 * Tasks as works, in the given order: their publication (if any), author, counts and the
 * viewer's own like and collection. The caller has already decided the viewer may see them.
 */
export async function toWorks(
  ctx: AppContext,
  tasks: TaskRow[],
  viewer: Viewer,
  lang: Lang,
): Promise<W.Work[]> {
  const ids = tasks.map((t) => t.id);
  const [rows, authors, mine] = await Promise.all([
    workRowsOf(ctx, ids),
    authorsOf(
      ctx,
      tasks.map((t) => t.userId),
    ),
    reactionsOf(ctx, viewer, ids),
  ]);
  const keysOf = (t: (typeof tasks)[number]) => new Set(t.files.map((f) => f.key));
  return tasks.map((t) => {
    const w = rows.get(t.id);
    const files = t.files.map(toWorkFile);
    const own = viewer === t.userId;
    return {
      id: t.id,
      kind: t.kind,
      action: t.action,
      status: t.status,
      progress: t.progress,
      // Another viewer never sees links to the author's files other than the work's own.
      prompt: own ? t.prompt : (withoutPrivateFiles(t.prompt, keysOf(t)) as string),
      params: own ? t.params : (withoutPrivateFiles(t.params, keysOf(t)) as typeof t.params),
      parentId: t.parentId,
      files,
      cover: files[0] ?? null,
      ...(w?.example === 1 ? { isExample: true } : {}),
      media: files[0] ? mediaOf(files[0].mime) : 'file',
      title: w?.title ?? '',
      description: w?.description ?? '',
      tags: w ? parseTags(w.tags) : [],
      isPublic: w?.is_public === 1,
      hidden: w?.hidden === 1,
      hiddenReason: own ? (w?.hidden_reason ?? null) : null,
      likeCount: w?.like_count ?? 0,
      collectCount: w?.collect_count ?? 0,
      liked: mine.liked.has(t.id),
      collected: mine.collected.has(t.id),
      mine: own,
      author: authors.get(t.userId) ?? { id: t.userId, name: `#${t.userId}`, avatar: '' },
      error: t.error ? t.error[lang] : null,
      createdAt: t.createdAt,
      publishedAt: w?.published_at ?? null,
    };
  });
}

/** Whether a work row may be shown to everyone: published and not hidden. */
export const isListed = (w: WorkRow | undefined): w is WorkRow => w?.listed === 1;

/**
 * A task the viewer may see as a work: their own (any state), or a listed one. Anything else
 * — another user's private, hidden or deleted work — is the same 404.
 */
export async function visibleTask(ctx: AppContext, viewer: Viewer, id: number): Promise<TaskRow> {
  if (viewer !== null) {
    const own = await getTask(ctx, viewer, id).catch(() => null);
    if (own) return own;
  }
  const w = (await workRowsOf(ctx, [id])).get(id);
  if (!isListed(w)) throw notFound(texts.workNotFound);
  const [task] = await readTasks(ctx, [id]);
  if (!task || task.status !== TaskStatus.succeeded) throw notFound(texts.workNotFound);
  return task;
}

/** Listed works by id, in the order of `ids` (ones not listed any more are left out). */
export async function listedWorks(
  ctx: AppContext,
  ids: number[],
  viewer: Viewer,
  lang: Lang,
): Promise<W.Work[]> {
  const tasks = new Map((await readTasks(ctx, ids)).map((t) => [t.id, t]));
  const ordered = ids.map((id) => tasks.get(id)).filter((t): t is TaskRow => t !== undefined);
  const works = await toWorks(ctx, ordered, viewer, lang);
  return works.filter((w) => (w.isPublic && !w.hidden) || w.mine);
}

/**
 * The chain a work came from: its parent task, that one's parent… (up to 10). The owner sees
 * every step; others only the steps that are listed works themselves.
 */
export async function chainOf(
  ctx: AppContext,
  task: TaskRow,
  viewer: Viewer,
): Promise<Array<{ id: number; action: string; kind: string }>> {
  const out: Array<{ id: number; action: string; kind: string }> = [];
  let parentId = task.parentId;
  while (parentId !== null && out.length < 10) {
    const [p] = await readTasks(ctx, [parentId]);
    if (!p || p.userId !== task.userId) break;
    const listed = isListed((await workRowsOf(ctx, [p.id])).get(p.id));
    if (viewer === task.userId || listed) out.push({ id: p.id, action: p.action, kind: p.kind });
    parentId = p.parentId;
  }
  return out;
}
