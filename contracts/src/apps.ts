import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf, queryInt } from './envelope.js';
import { localizedText } from './sites.js';

/*
 * Apps and personas: the app store's catalogue (public apps in categories, texts in the three
 * interface languages, a preset system prompt and optionally a fixed model), a user's own
 * personas (the same shape, one text for every language), and "my apps" (the apps a user
 * keeps, in their order). A chat started from an app carries its `appId`; the server then fixes
 * the system prompt (and the model, when the app names one) whatever the client sends.
 */

const id = queryInt(z.number().int().positive());

/** The most personas one user may keep. */
export const PERSONA_LIMIT = 100;
/** The longest system prompt a persona may have (the editor shows n/4000). */
export const PROMPT_MAX = 4000;

/**
 * A cover: empty (a gradient is drawn from the name), a short emoji or symbol, a site path
 * (`/api/files/…` from an upload) or an http(s) image link.
 */
export const appCover = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v === '' || /^(\/\S+|https?:\/\/\S+)$/.test(v) || [...v].length <= 8, {
    message: 'must be empty, an emoji (up to 8 characters), a /path or an https:// link',
  });

export const appCategory = z.object({
  id: z.number().int(),
  /** In the caller's language. */
  name: z.string(),
  sort: z.number().int(),
  /** Public, enabled apps in this category. */
  count: z.number().int(),
});
export type AppCategory = z.infer<typeof appCategory>;

export const app = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  /** In the caller's language (a persona has one text for all). */
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  /** The preset system prompt a chat from this app is given, in the caller's language. */
  systemPrompt: z.string(),
  /** The model its chats use, whatever the client picks; null: the client's choice. */
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  /** A persona of the caller's own (editable on /role); false for catalogue apps. */
  own: z.boolean(),
  /** In the caller's "my apps". */
  collected: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type App = z.infer<typeof app>;

// ---------------------------------------------------------------- the store

export const listCategories = endpoint({
  method: 'GET',
  path: '/app/queryCats',
  access: 'public',
  summary: 'The app categories in order, with how many apps each holds',
  tags: ['apps'],
  data: listOf(appCategory),
});

export const listApps = endpoint({
  method: 'GET',
  path: '/app/list',
  access: 'public',
  summary: 'Public apps, by category and/or a search of name and description',
  tags: ['apps'],
  query: z.object({
    categoryId: id.optional(),
    keyword: z.string().trim().max(100).optional(),
    page: queryInt(z.number().int().min(1)).default(1),
    size: queryInt(z.number().int().min(1).max(200)).default(60),
  }),
  data: listOf(app),
});

export const appDetail = endpoint({
  method: 'GET',
  path: '/app/detail',
  access: 'public',
  summary: 'One public app, or a persona of your own (anyone else’s: 404)',
  tags: ['apps'],
  query: z.object({ id }),
  data: app,
});

// ---------------------------------------------------------------- my apps

export const myApps = endpoint({
  method: 'GET',
  path: '/app/mine',
  access: 'identity',
  summary: 'Your apps (catalogue apps you added and your personas), in your order',
  tags: ['apps'],
  data: listOf(app),
});

export const collectApp = endpoint({
  method: 'POST',
  path: '/app/collect',
  access: 'identity',
  summary: 'Add an app to your apps (at the end; adding it again changes nothing)',
  tags: ['apps'],
  body: z.object({ appId: z.number().int().positive() }),
  data: z.null(),
});

export const uncollectApp = endpoint({
  method: 'POST',
  path: '/app/uncollect',
  access: 'identity',
  summary: 'Remove an app from your apps (a persona stays on /role)',
  tags: ['apps'],
  body: z.object({ appId: z.number().int().positive() }),
  data: z.null(),
});

export const sortApps = endpoint({
  method: 'POST',
  path: '/app/sort',
  access: 'identity',
  summary: 'Put your apps in this order (every id must be one of your apps)',
  tags: ['apps'],
  body: z.object({ appIds: z.array(z.number().int().positive()).min(1).max(500) }),
  data: listOf(app),
});

// ---------------------------------------------------------------- personas

export const personaFields = z.object({
  name: z.string().trim().min(1).max(40),
  description: z.string().trim().max(200),
  cover: appCover,
  systemPrompt: z.string().trim().min(1).max(PROMPT_MAX),
  /** A model of `/autoreply/queryGptModel`, or null for the chat's choice. */
  modelId: z.number().int().positive().nullable(),
});
export type PersonaFields = z.infer<typeof personaFields>;

export const listPersonas = endpoint({
  method: 'GET',
  path: '/app/persona/list',
  access: 'identity',
  summary: 'Your personas, newest first',
  tags: ['apps'],
  data: listOf(app),
});

export const createPersona = endpoint({
  method: 'POST',
  path: '/app/persona/create',
  access: 'identity',
  summary: `Create a persona (added to your apps; at most ${PERSONA_LIMIT})`,
  tags: ['apps'],
  body: personaFields.extend({
    description: personaFields.shape.description.default(''),
    cover: appCover.default(''),
    modelId: personaFields.shape.modelId.default(null),
  }),
  data: app,
});

export const updatePersona = endpoint({
  method: 'POST',
  path: '/app/persona/update',
  access: 'identity',
  summary: 'Change one of your personas (only the fields sent)',
  tags: ['apps'],
  body: personaFields.partial().extend({ id: z.number().int().positive() }),
  data: app,
});

export const deletePersona = endpoint({
  method: 'POST',
  path: '/app/persona/delete',
  access: 'identity',
  summary: 'Delete one of your personas (its chats stay, as plain chats)',
  tags: ['apps'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

// ---------------------------------------------------------------- admin

/**
 * A text as an operator sends it: one string for every language, or some languages. On
 * create, missing languages are filled from the others; on update, only those sent change.
 */
export const localizedPatch = (max: number, min = 0) => {
  const text = z.string().trim().max(max);
  return z.union([
    z.string().trim().min(min).max(max),
    z
      .object({ 'en-US': text, 'zh-CN': text, 'zh-TW': text })
      .partial()
      .strict()
      .refine((v) => Object.values(v).some((x) => x.length >= Math.max(min, 1)), {
        message: 'give the text in at least one language',
      }),
  ]);
};
export type LocalizedPatch = z.infer<ReturnType<typeof localizedPatch>>;

export const adminCategory = z.object({
  id: z.number().int(),
  name: localizedText,
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const categoryFields = z.object({
  name: localizedPatch(40, 1),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  enabled: z.boolean(),
});

export const adminListCategories = endpoint({
  method: 'GET',
  path: '/admin/apps/categories',
  access: 'admin',
  summary: 'Every app category, enabled or not',
  tags: ['apps', 'admin'],
  data: listOf(adminCategory),
});

export const adminCreateCategory = endpoint({
  method: 'POST',
  path: '/admin/apps/categories/create',
  access: 'admin',
  summary: 'Add an app category',
  tags: ['apps', 'admin'],
  body: categoryFields.partial().required({ name: true }),
  data: adminCategory,
});

export const adminUpdateCategory = endpoint({
  method: 'POST',
  path: '/admin/apps/categories/update',
  access: 'admin',
  summary: 'Change an app category (only the fields sent)',
  tags: ['apps', 'admin'],
  body: categoryFields.partial().extend({ id: z.number().int().positive() }),
  data: adminCategory,
});

export const adminDeleteCategory = endpoint({
  method: 'POST',
  path: '/admin/apps/categories/delete',
  access: 'admin',
  summary: 'Remove an app category (its apps stay, without a category)',
  tags: ['apps', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

export const adminApp = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  name: localizedText,
  description: localizedText,
  cover: z.string(),
  systemPrompt: localizedText,
  modelId: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminApp = z.infer<typeof adminApp>;

export const appFields = z.object({
  categoryId: z.number().int().positive().nullable(),
  name: localizedPatch(40, 1),
  description: localizedPatch(200),
  cover: appCover,
  systemPrompt: localizedPatch(20_000, 1),
  modelId: z.number().int().positive().nullable(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  enabled: z.boolean(),
});

export const adminListApps = endpoint({
  method: 'GET',
  path: '/admin/apps',
  access: 'admin',
  summary: 'Every catalogue app (not users’ personas), enabled or not',
  tags: ['apps', 'admin'],
  data: listOf(adminApp),
});

export const adminCreateApp = endpoint({
  method: 'POST',
  path: '/admin/apps/create',
  access: 'admin',
  summary: 'Add a catalogue app',
  tags: ['apps', 'admin'],
  body: appFields.partial().required({ name: true, systemPrompt: true }),
  data: adminApp,
});

export const adminUpdateApp = endpoint({
  method: 'POST',
  path: '/admin/apps/update',
  access: 'admin',
  summary: 'Change a catalogue app (only the fields sent)',
  tags: ['apps', 'admin'],
  body: appFields.partial().extend({ id: z.number().int().positive() }),
  data: adminApp,
});

export const adminDeleteApp = endpoint({
  method: 'POST',
  path: '/admin/apps/delete',
  access: 'admin',
  summary: 'Remove a catalogue app (from everyone’s apps; its chats stay, as plain chats)',
  tags: ['apps', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});
