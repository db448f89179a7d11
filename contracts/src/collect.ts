import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, queryInt } from './envelope.js';

/*
 * Likes and collections (docs/works.md, Likes and collections), one design for every kind of
 * target: a published work (`work`, its id the task's) or a published market prompt (`prompt`,
 * not registered yet: the market keeps its own marks). A like and a collection are each one
 * row per (target, user) under a unique index; the target's counts move in the same
 * transaction as the row, so two tabs toggling at once count once.
 * Signed-in users only (a guest has nothing to keep them under).
 */

export const targetType = z.enum(['work', 'prompt']);
export type TargetType = z.infer<typeof targetType>;

const id = z.number().int().positive();
const target = { targetType, targetId: id };

/** Ids in a query string: `ids=1,2,3` or repeated `ids=1&ids=2`. */
const queryIds = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]).map((x) =>
      typeof x === 'string' && /^\d{1,15}$/.test(x.trim()) ? Number(x) : x,
    ),
  z.array(id).min(1).max(100),
);

/** The caller's state on one target and its counts. */
export const reactionState = z.object({
  targetType,
  targetId: z.number().int(),
  liked: z.boolean(),
  collected: z.boolean(),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
});
export type ReactionState = z.infer<typeof reactionState>;

/** One entry of my collections. */
export const collection = z.object({
  /** The collection's own id (for saveData / deleteCollectDraw). */
  id: z.number().int(),
  targetType,
  targetId: z.number().int(),
  note: z.string(),
  /** Whether the target can still be seen (not deleted, unpublished or hidden). */
  available: z.boolean(),
  /** For available targets: title (or prompt), picture and kind, to draw a card. */
  title: z.string(),
  thumbUrl: z.string().nullable(),
  kind: z.string(),
  createdAt: isoTime,
});
export type Collection = z.infer<typeof collection>;

const pageFields = {
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(24),
};

export const allCollections = endpoint({
  method: 'GET',
  path: '/collect/getAllList',
  access: 'user',
  summary: 'My collections, every target type (or one), newest first',
  tags: ['collect'],
  query: z.object({ ...pageFields, targetType: targetType.optional() }),
  data: listOf(collection),
});

export const haveList = endpoint({
  method: 'GET',
  path: '/collect/getHaveList',
  access: 'user',
  summary:
    'Which of these targets I have liked and collected, with their counts (a grid marks its cards with it)',
  tags: ['collect'],
  query: z.object({ targetType, ids: queryIds }),
  data: listOf(reactionState),
});

export const noList = endpoint({
  method: 'GET',
  path: '/collect/getNoList',
  access: 'user',
  summary:
    'My collections whose target is no longer there for me (deleted, unpublished or hidden); deleteCollectDraw clears them',
  tags: ['collect'],
  query: z.object({ ...pageFields, targetType: targetType.optional() }),
  data: listOf(collection),
});

export const doLike = endpoint({
  method: 'POST',
  path: '/collect/doLike',
  access: 'user',
  summary:
    'Like or unlike a published target (`like` sets the state; absent: toggle). Idempotent under concurrency',
  tags: ['collect'],
  body: z.object({ ...target, like: z.boolean().optional() }),
  data: reactionState,
});

export const addCollect = endpoint({
  method: 'POST',
  path: '/collect/addData',
  access: 'user',
  summary: 'Collect a published target (again: nothing changes), with an optional note',
  tags: ['collect'],
  body: z.object({ ...target, note: z.string().trim().max(200).default('') }),
  data: reactionState,
});

export const deleteCollect = endpoint({
  method: 'POST',
  path: '/collect/deleteData',
  access: 'user',
  summary: 'Un-collect a target (not collected: nothing changes)',
  tags: ['collect'],
  body: z.object(target),
  data: reactionState,
});

export const saveCollect = endpoint({
  method: 'POST',
  path: '/collect/saveData',
  access: 'user',
  summary: "Change one of my collections' note",
  tags: ['collect'],
  body: z.object({ id, note: z.string().trim().max(200) }),
  data: collection,
});

export const deleteCollectDraw = endpoint({
  method: 'POST',
  path: '/collect/deleteCollectDraw',
  access: 'user',
  summary:
    'Remove many of my collections at once: these ids, or (`unavailable`) every one getNoList lists',
  tags: ['collect'],
  body: z
    .object({ ids: z.array(id).max(200).default([]), unavailable: z.boolean().default(false) })
    .refine((b) => b.ids.length > 0 || b.unavailable, {
      path: ['ids'],
      message: 'Nothing to remove',
    }),
  data: z.object({ deleted: z.number().int() }),
});
