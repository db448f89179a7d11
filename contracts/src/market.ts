import { z } from 'zod';
import { endpoint, type BodyOut, type QueryOut } from './endpoint.js';
import { flag, isoTime, listOf, pageQuery, queryInt } from './envelope.js';

/*
 * The prompt market (/market): prompts users publish (from a finished task with every
 * parameter and its first result as the example, or a text prompt from the prompt store),
 * in seeded categories, searched and sorted by newest, most liked or most used; likes and
 * collections; "use" returns the composer prefill and counts the use; reports by users;
 * operators feature and hide (with the reason kept). docs/market.md.
 */

const id = queryInt(z.number().int().positive());
const idBody = z.object({ id: z.number().int().positive() });

export const TITLE_MAX = 80;
export const PROMPT_MAX = 6000;
export const TAG_MAX = 8;

export const marketSort = z.enum(['newest', 'liked', 'used']);
export type MarketSort = z.infer<typeof marketSort>;

export const marketCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** In the caller's language. */
  name: z.string(),
  /** Visible prompts in it. */
  count: z.number().int(),
});
export type MarketCategory = z.infer<typeof marketCategory>;

/** The example result: a copy of the task's first file, owned by the prompt. */
export const marketExample = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const marketPrompt = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  prompt: z.string(),
  negativePrompt: z.string(),
  /** The task kind it came from (`mj`, `chat-draw`, `image`, `video`, `music`…) or `chat`. */
  kind: z.string(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  /** Every parameter the task stored, so "use" refills the composer entirely. */
  params: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  categoryId: z.number().int().nullable(),
  example: marketExample.nullable(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  likeCount: z.number().int(),
  collectCount: z.number().int(),
  useCount: z.number().int(),
  /** A seeded example of a new site (docs/market.md), shown with an "Example" badge. */
  isExample: z.boolean().optional(),
  featured: z.boolean(),
  /** Only the author (and operators) see their hidden prompts; others get a 404. */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  liked: z.boolean(),
  collected: z.boolean(),
  mine: z.boolean(),
  createdAt: isoTime,
});
export type MarketPrompt = z.infer<typeof marketPrompt>;

const tags = z
  .array(z.string().trim().min(1).max(20))
  .max(TAG_MAX)
  .default([])
  .transform((t) => [...new Set(t)]);

export const listCategories = endpoint({
  method: 'GET',
  path: '/market/categories',
  access: 'public',
  summary: 'The market categories in order, with how many visible prompts each holds',
  tags: ['market'],
  data: listOf(marketCategory),
});

export const listPrompts = endpoint({
  method: 'GET',
  path: '/market/prompts',
  access: 'public',
  summary:
    'Visible market prompts: by category and kind, a search of title, prompt and tags, sorted',
  tags: ['market'],
  query: pageQuery.extend({
    categoryId: id.optional(),
    kind: z.string().max(40).optional(),
    keyword: z.string().trim().max(100).optional(),
    sort: marketSort.default('newest'),
    featured: flag.optional(),
  }),
  data: listOf(marketPrompt),
});

export const promptDetail = endpoint({
  method: 'GET',
  path: '/market/prompt',
  access: 'public',
  summary: 'One market prompt (a hidden one only for its author; otherwise 404)',
  tags: ['market'],
  query: z.object({ id }),
  data: marketPrompt,
});

export const myPrompts = endpoint({
  method: 'GET',
  path: '/market/mine',
  access: 'user',
  summary: 'The prompts I published, newest first, hidden ones with the reason',
  tags: ['market'],
  query: pageQuery,
  data: listOf(marketPrompt),
});

export const collectedPrompts = endpoint({
  method: 'GET',
  path: '/market/collected',
  access: 'user',
  summary: 'The visible prompts I collected, latest collected first',
  tags: ['market'],
  query: pageQuery,
  data: listOf(marketPrompt),
});

const publishMeta = {
  title: z.string().trim().min(1).max(TITLE_MAX),
  description: z.string().trim().max(500).default(''),
  categoryId: z.number().int().positive().nullable().default(null),
  tags,
};

export const publishPrompt = endpoint({
  method: 'POST',
  path: '/market/publish',
  access: 'user',
  summary:
    'Publishes a prompt: from my finished task (prompt, kind, model, every parameter, first result as example) or a chat prompt text',
  tags: ['market'],
  body: z
    .object({
      taskId: z.number().int().positive().optional(),
      prompt: z.string().trim().min(1).max(PROMPT_MAX).optional(),
      ...publishMeta,
    })
    .refine((b) => (b.taskId === undefined) !== (b.prompt === undefined), {
      message: 'give either a task id or a prompt',
      path: ['prompt'],
    }),
  data: marketPrompt,
});

export const updatePrompt = endpoint({
  method: 'POST',
  path: '/market/update',
  access: 'user',
  summary: 'Edits the title, description, category and tags of my prompt',
  tags: ['market'],
  body: z.object({ id: z.number().int().positive(), ...publishMeta }),
  data: marketPrompt,
});

export const deletePrompt = endpoint({
  method: 'POST',
  path: '/market/delete',
  access: 'user',
  summary: 'Deletes my prompt with its example, likes, collections and reports',
  tags: ['market'],
  body: idBody,
  data: z.null(),
});

export const likePrompt = endpoint({
  method: 'POST',
  path: '/market/like',
  access: 'user',
  summary: 'Toggles my like of a prompt; answers the new state and count',
  tags: ['market'],
  body: idBody,
  data: z.object({ on: z.boolean(), count: z.number().int() }),
});

export const collectPrompt = endpoint({
  method: 'POST',
  path: '/market/collect',
  access: 'user',
  summary: 'Toggles a prompt in my collection; answers the new state and count',
  tags: ['market'],
  body: idBody,
  data: z.object({ on: z.boolean(), count: z.number().int() }),
});

export const composerPrefill = z.object({
  kind: z.string(),
  modelId: z.number().int().optional(),
  prompt: z.string(),
  negativePrompt: z.string().optional(),
  params: z.record(z.string(), z.unknown()),
});

export const usePrompt = endpoint({
  method: 'POST',
  path: '/market/use',
  access: 'identity',
  summary: 'Counts one use of a prompt and answers the composer prefill (every parameter)',
  tags: ['market'],
  body: idBody,
  data: z.object({ useCount: z.number().int(), prefill: composerPrefill }),
});

export const reportPrompt = endpoint({
  method: 'POST',
  path: '/market/report',
  access: 'user',
  summary: 'Reports a prompt to the operators (once per user; a second report updates the reason)',
  tags: ['market'],
  body: z.object({ id: z.number().int().positive(), reason: z.string().trim().min(1).max(500) }),
  data: z.null(),
});

// ---------------------------------------------------------------- operators

export const adminPrompt = marketPrompt.extend({
  reportCount: z.number().int(),
  hiddenAt: isoTime.nullable(),
});
export type AdminPrompt = z.infer<typeof adminPrompt>;

export const adminListPrompts = endpoint({
  method: 'GET',
  path: '/admin/market/prompts',
  access: 'admin',
  summary: 'Every market prompt for moderation: all, reported, hidden or featured',
  tags: ['market', 'admin'],
  query: pageQuery.extend({
    filter: z.enum(['all', 'reported', 'hidden', 'featured']).default('all'),
    keyword: z.string().trim().max(100).optional(),
  }),
  data: listOf(adminPrompt),
});

export const adminReports = endpoint({
  method: 'GET',
  path: '/admin/market/reports',
  access: 'admin',
  summary: 'The reports of one prompt, newest first',
  tags: ['market', 'admin'],
  query: z.object({ id }),
  data: listOf(
    z.object({
      id: z.number().int(),
      userId: z.number().int(),
      userName: z.string(),
      reason: z.string(),
      createdAt: isoTime,
    }),
  ),
});

export const adminFeature = endpoint({
  method: 'POST',
  path: '/admin/market/feature',
  access: 'admin',
  summary: 'Features a prompt (first in the market) or takes it out of the featured',
  tags: ['market', 'admin'],
  body: z.object({ id: z.number().int().positive(), featured: z.boolean() }),
  data: adminPrompt,
});

export const adminHide = endpoint({
  method: 'POST',
  path: '/admin/market/hide',
  access: 'admin',
  summary: 'Hides a prompt from every list (reason kept and shown to its author) or restores it',
  tags: ['market', 'admin'],
  body: z
    .object({
      id: z.number().int().positive(),
      hidden: z.boolean(),
      reason: z.string().trim().max(500).default(''),
    })
    .refine((b) => !b.hidden || b.reason !== '', {
      message: 'say why it is hidden',
      path: ['reason'],
    }),
  data: adminPrompt,
});

export type PublishBody = BodyOut<typeof publishPrompt>;
export type UpdateBody = BodyOut<typeof updatePrompt>;
export type ListQuery = QueryOut<typeof listPrompts>;
export type Page = z.output<typeof pageQuery>;
export type CategoryName = { 'en-US': string; 'zh-CN': string; 'zh-TW': string };
