import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, queryInt } from './envelope.js';
import { batchDownload } from './drawing.js';
import { taskStatus, TaskStatus } from './tasks.js';

/*
 * Works (docs/works.md): a work is a finished task of any kind with stored files; its id is the
 * task's id. The owner may publish it (public/private, title, description, tags); published
 * works appear on the public square (/designerWork) and their designer's page (/hisGallery).
 * Private works, and hidden ones for anyone but their owner, are a 404 on every call.
 */

const id = z.number().int().positive();
const queryId = queryInt(z.number().int().positive());
const page = {
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(24),
};

/** What a result file is: the grid shows a picture, a video poster with a player, or a player. */
export const mediaType = z.enum(['image', 'video', 'audio', 'file']);
export type MediaType = z.infer<typeof mediaType>;

export const workFile = z.object({
  url: z.string(),
  /** A picture for the grid (a video's poster; an audio file's is its own url). */
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
  media: mediaType,
});
export type WorkFile = z.infer<typeof workFile>;

export const author = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
});
export type Author = z.infer<typeof author>;

/** One step of the chain a work came from (its parent task, and that one's…): oldest last. */
export const chainStep = z.object({ id: z.number().int(), action: z.string(), kind: z.string() });

export const work = z.object({
  /** The task's id. */
  id: z.number().int(),
  kind: z.string(),
  action: z.string(),
  status: taskStatus,
  progress: z.number().int(),
  prompt: z.string(),
  /** Every parameter the task was made with (model, size, seed, references…). */
  params: z.record(z.string(), z.unknown()),
  parentId: z.number().int().nullable(),
  files: z.array(workFile),
  /** The first file: what the grid shows. */
  cover: workFile.nullable(),
  /** A seeded example of a new site (docs/works.md), shown with an "Example" badge. */
  isExample: z.boolean().optional(),
  media: mediaType,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  /** Hidden by an operator (only its owner still sees it, with the reason). */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
  /** The caller's own like and collection (false for guests). */
  liked: z.boolean(),
  collected: z.boolean(),
  mine: z.boolean(),
  author,
  /** Failed tasks (history only): why, in the caller's language. */
  error: z.string().nullable(),
  createdAt: isoTime,
  publishedAt: isoTime.nullable(),
});
export type Work = z.infer<typeof work>;

export const workDetail = work.extend({ chain: z.array(chainStep) });
export type WorkDetail = z.infer<typeof workDetail>;

// ---------------------------------------------------------------- history and my works

export const historyQuery = z.object({
  ...page,
  /** One kind (`mj`, `chat-draw`, `image`, `video`, `music`…); absent: every kind but zips. */
  kind: z.string().trim().max(40).optional(),
  status: queryInt(z.number().int().min(TaskStatus.queued).max(TaskStatus.failed)).optional(),
  /** Words of the prompt. */
  keyword: z.string().trim().max(200).optional(),
});

export const history = endpoint({
  method: 'GET',
  path: '/chatLog/drawAll',
  access: 'identity',
  summary:
    'History: every task of yours of every kind (zips aside), newest first, by kind, status and prompt words. (/chatLog/draw is one kind, for a creation screen)',
  tags: ['works'],
  query: historyQuery,
  data: listOf(work),
});

export const myWorks = endpoint({
  method: 'GET',
  path: '/works/mine',
  access: 'identity',
  summary: 'My gallery: your finished tasks with files (your works), newest first',
  tags: ['works'],
  query: z.object({
    ...page,
    kind: z.string().trim().max(40).optional(),
    /** all, or only the published ones. */
    visibility: z.enum(['all', 'public']).default('all'),
  }),
  data: listOf(work),
});

const tag = z.string().trim().min(1).max(30);

export const publish = endpoint({
  method: 'POST',
  path: '/works/publish',
  access: 'identity',
  summary: 'Publish or unpublish a finished task of yours, with its title, description and tags',
  tags: ['works'],
  body: z.object({
    id,
    isPublic: z.boolean(),
    title: z.string().trim().max(100).default(''),
    description: z.string().trim().max(2000).default(''),
    tags: z.array(tag).max(10).default([]),
  }),
  data: work,
});

export const deleteWorks = endpoint({
  method: 'POST',
  path: '/works/delete',
  access: 'identity',
  summary:
    'Delete tasks of yours (a running one is cancelled and refunded); their works leave every list, album and collection',
  tags: ['works'],
  body: z.object({ ids: z.array(id).min(1).max(100) }),
  data: z.object({ deleted: z.number().int() }),
});

export const zipWorks = endpoint({
  method: 'POST',
  path: '/works/zip',
  access: 'identity',
  summary:
    'Batch download: a zip task of the files of some of your tasks, any kind (follow it with /autoreply/queryBatchDownload?id)',
  tags: ['works'],
  body: z.object({ ids: z.array(id).min(1).max(100) }),
  data: batchDownload,
});

// ---------------------------------------------------------------- public

export const workDetails = endpoint({
  method: 'GET',
  path: '/works/detail',
  access: 'public',
  summary: 'One work: yours, or a published one (404 when private, hidden or gone)',
  tags: ['works'],
  query: z.object({ id: queryId }),
  data: workDetail,
});

export const squareQuery = z.object({
  ...page,
  /** new: newest published first; liked: most liked first. */
  sort: z.enum(['new', 'liked']).default('new'),
  kind: z.string().trim().max(40).optional(),
  tag: z.string().trim().max(30).optional(),
  /** One designer's works (their page). */
  userId: queryId.optional(),
  /**
   * Keyset paging: the `next` of the page before. The page then starts after that work, read
   * through the sort's index without skipping rows (`page` is then ignored); deep pages of a
   * crowd cost what the first does.
   */
  after: z
    .string()
    .max(80)
    .regex(/^[\w-]+$/)
    .optional(),
});

export const square = endpoint({
  method: 'GET',
  path: '/works/square',
  access: 'public',
  summary:
    'The public square (/designerWork): published works, newest or most liked, by kind and tag',
  tags: ['works'],
  query: squareQuery,
  data: listOf(work).extend({
    /** The `after` of the next page (keyset paging); null on the last page. */
    next: z.string().nullable(),
  }),
});

export const popularTags = endpoint({
  method: 'GET',
  path: '/works/tags',
  access: 'public',
  summary: 'The most used tags of published works',
  tags: ['works'],
  data: listOf(z.object({ tag: z.string(), count: z.number().int() })),
});

export const album = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  /** The chosen cover, else the first work's. */
  cover: workFile.nullable(),
  coverWorkId: z.number().int().nullable(),
  /** Works the caller may see. */
  count: z.number().int(),
  author,
  mine: z.boolean(),
  createdAt: isoTime,
});
export type Album = z.infer<typeof album>;

export const designer = endpoint({
  method: 'GET',
  path: '/works/designer',
  access: 'public',
  summary:
    "A designer's page (/hisGallery): who, totals of their published works, likes and collections, and their public albums",
  tags: ['works'],
  query: z.object({ userId: queryId }),
  data: z.object({
    author,
    totals: z.object({
      works: z.number().int(),
      likes: z.number().int(),
      collects: z.number().int(),
    }),
    albums: z.array(album),
  }),
});

export const report = endpoint({
  method: 'POST',
  path: '/works/report',
  access: 'user',
  summary: 'Report a work or a prompt to the operators (once per user and target)',
  tags: ['works'],
  body: z.object({
    targetType: z.enum(['work', 'prompt']),
    targetId: id,
    reason: z.string().trim().min(1).max(500),
  }),
  data: z.object({ reported: z.boolean() }),
});

// ---------------------------------------------------------------- albums

export const myAlbums = endpoint({
  method: 'GET',
  path: '/albums/mine',
  access: 'user',
  summary: 'Your albums, newest first',
  tags: ['works'],
  data: listOf(album),
});

export const albumDetail = endpoint({
  method: 'GET',
  path: '/albums/detail',
  access: 'public',
  summary:
    'An album (/photoAlbum/{id}) and its works in order (others see a public album and only its published works; else 404)',
  tags: ['works'],
  query: z.object({ id: queryId }),
  data: z.object({ album, works: z.array(work) }),
});

export const saveAlbum = endpoint({
  method: 'POST',
  path: '/albums/save',
  access: 'user',
  summary: 'Create an album (no id) or change yours: title, description, public, cover',
  tags: ['works'],
  body: z.object({
    id: id.optional(),
    title: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000).default(''),
    /** A new album is private unless this says public; a change leaves it as it was. */
    isPublic: z.boolean().optional(),
    /** One of its works; null: the first work. */
    coverWorkId: id.nullable().default(null),
  }),
  data: album,
});

export const deleteAlbum = endpoint({
  method: 'POST',
  path: '/albums/delete',
  access: 'user',
  summary: 'Delete an album of yours (its works stay)',
  tags: ['works'],
  body: z.object({ id }),
  data: z.object({ deleted: z.number().int() }),
});

const albumWorks = z.object({ albumId: id, workIds: z.array(id).min(1).max(200) });

export const addToAlbum = endpoint({
  method: 'POST',
  path: '/albums/addWorks',
  access: 'user',
  summary: 'Add works of yours at the end of an album of yours (ones already in it stay put)',
  tags: ['works'],
  body: albumWorks,
  data: z.object({ count: z.number().int() }),
});

export const removeFromAlbum = endpoint({
  method: 'POST',
  path: '/albums/removeWorks',
  access: 'user',
  summary: 'Take works out of an album of yours',
  tags: ['works'],
  body: albumWorks,
  data: z.object({ count: z.number().int() }),
});

export const reorderAlbum = endpoint({
  method: 'POST',
  path: '/albums/reorder',
  access: 'user',
  summary: "Set an album's order: every work of it, in the new order (400 when the set differs)",
  tags: ['works'],
  body: albumWorks,
  data: z.object({ count: z.number().int() }),
});

// ---------------------------------------------------------------- moderation (operators)

export const reportGroup = z.object({
  targetType: z.enum(['work', 'prompt']),
  targetId: z.number().int(),
  /** Open reports of it. */
  open: z.number().int(),
  reasons: z.array(z.string()),
  lastReportedAt: isoTime,
  hidden: z.boolean(),
  /** The last hide or restore, with its reason. */
  lastAction: z
    .object({ action: z.enum(['hide', 'restore']), reason: z.string(), at: isoTime })
    .nullable(),
  /** The work (for works): what the operator judges. */
  work: work.nullable(),
});
export type ReportGroup = z.infer<typeof reportGroup>;

export const listReports = endpoint({
  method: 'GET',
  path: '/admin/works/reports',
  access: 'admin',
  summary: 'Reported works and prompts, most recently reported first (open ones, or all)',
  tags: ['works', 'admin'],
  query: z.object({ ...page, state: z.enum(['open', 'all']).default('open') }),
  data: listOf(reportGroup),
});

export const moderate = endpoint({
  method: 'POST',
  path: '/admin/works/moderate',
  access: 'admin',
  summary:
    'Hide or restore a work (or a prompt whose module registered it), with the reason kept; closes its open reports',
  tags: ['works', 'admin'],
  body: z.object({
    targetType: z.enum(['work', 'prompt']),
    targetId: id,
    action: z.enum(['hide', 'restore']),
    reason: z.string().trim().min(1).max(500),
  }),
  data: z.object({ hidden: z.boolean(), closedReports: z.number().int() }),
});
