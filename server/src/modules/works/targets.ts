import type { Kysely, Transaction } from 'kysely';
import type { collect as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { fileUrl } from '../files/index.js';
import { taskPromptsAndFiles } from '../tasks/index.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A card of a collected target, to list it under my collections. */
export interface TargetCard {
  title: string;
  thumbUrl: string | null;
  kind: string;
}

/**
 * What likes, collections, reports and moderation need from a kind of target (docs/works.md).
 * The works module registers `work`. Nothing registers `prompt` yet: the market keeps its own
 * likes and collections (its `togglePromptLike` / `togglePromptCollect`); once it registers
 * `prompt` here they go through the same /collect calls, counted the same way.
 */
export interface ReactionTarget {
  /** Ids among `ids` that `userId` may see (published and not hidden, or their own). */
  visible(db: Db, ids: number[], userId: number): Promise<Set<number>>;
  /** Adds `delta` to its like or collect count, in the caller's transaction. */
  bump(
    trx: Transaction<Database>,
    id: number,
    field: 'like' | 'collect',
    delta: number,
  ): Promise<void>;
  /** Its counts. */
  counts(db: Db, ids: number[]): Promise<Map<number, { likes: number; collects: number }>>;
  /** Cards of visible targets. */
  cards(ctx: AppContext, ids: number[]): Promise<Map<number, TargetCard>>;
  /** Hides or restores it (moderation); false when there is no such target. */
  setHidden?(
    trx: Transaction<Database>,
    id: number,
    hidden: boolean,
    reason: string,
  ): Promise<boolean>;
  /** Whether it is hidden now. */
  isHidden?(db: Db, id: number): Promise<boolean>;
}

const registries = new WeakMap<AppContext, Map<C.TargetType, ReactionTarget>>();

export function registerReactionTarget(
  ctx: AppContext,
  type: C.TargetType,
  target: ReactionTarget,
): void {
  const map = registries.get(ctx) ?? new Map<C.TargetType, ReactionTarget>();
  map.set(type, target);
  registries.set(ctx, map);
}

export const targetOf = (ctx: AppContext, type: C.TargetType): ReactionTarget | undefined =>
  registries.get(ctx)?.get(type);

/** Works as targets: listed ones for everyone, and their owner's own. */
export const workTarget: ReactionTarget = {
  async visible(db, ids, userId) {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('works')
      .select('id')
      .where('id', 'in', ids)
      .where((eb) => eb.or([eb('listed', '=', 1), eb('user_id', '=', userId)]))
      .execute();
    return new Set(rows.map((r) => r.id));
  },
  async bump(trx, id, field, delta) {
    const column = field === 'like' ? 'like_count' : 'collect_count';
    await trx
      .updateTable('works')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .execute();
  },
  async counts(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('works')
      .select(['id', 'like_count', 'collect_count'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, { likes: r.like_count, collects: r.collect_count }]));
  },
  async cards(ctx, ids) {
    if (ids.length === 0) return new Map();
    const works = await ctx.db.kysely
      .selectFrom('works')
      .select(['id', 'title', 'kind'])
      .where('id', 'in', ids)
      .execute();
    // A work is its task: its prompt and files are the task's, read through the tasks module.
    const tasks = await taskPromptsAndFiles(
      ctx.db.kysely,
      works.map((w) => w.id),
    );
    const rows = works.flatMap((w) => {
      const task = tasks.get(w.id);
      return task ? [{ ...w, ...task }] : [];
    });
    return new Map(
      rows.map((r) => {
        const first = (JSON.parse(r.files) as Array<{ key: string; thumbKey: string | null }>)[0];
        return [
          r.id,
          {
            title: r.title || r.prompt.slice(0, 100),
            thumbUrl: first ? fileUrl(ctx, first.thumbKey ?? first.key) : null,
            kind: r.kind,
          },
        ];
      }),
    );
  },
  async setHidden(trx, id, hidden, reason) {
    const row = await trx
      .updateTable('works')
      .set((eb) => ({
        hidden: hidden ? 1 : 0,
        hidden_reason: hidden ? reason : null,
        listed: hidden ? 0 : eb.ref('is_public'),
      }))
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },
  async isHidden(db, id) {
    const row = await db
      .selectFrom('works')
      .select('hidden')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.hidden === 1;
  },
};
