import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf, queryInt } from './envelope.js';
import { modelKinds } from './kinds.js';
import { toolCall, webSource } from './chat-tools.js';

export * from './chat-tools.js';
export * from './chat-voice.js';

/*
 * Chat: providers and models (admin), the models a user may pick, bring-your-own-key models,
 * chat groups and their logs, and the streamed answers (`/chatgpt/chat-process`, `/chatgpt/chat-mind`).
 */

/**
 * How Atelier talks to a provider (docs/providers.md): the name of an adapter in some kind's
 * adapter map. The server holds the list (`GET /admin/providers/protocols`) and refuses a write
 * naming another protocol with a 400 naming `protocol`; here it is only bounded text.
 */
export const providerProtocol = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, {
    message: 'lower-case letters, digits, ".", "_" and "-" only',
  });
/** The kinds of model (kinds.ts, the one list). */
export { modelKinds };
export const modelKind = z.enum(modelKinds);

const id = queryInt(z.number().int().positive());
const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/, { message: 'must be an http(s):// address' });

// ---------------------------------------------------------------- providers (admin)

export const provider = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: providerProtocol,
  baseUrl: z.string(),
  /** Keys never leave the server: only whether one is stored. */
  apiKey: z.enum(['set', 'not set']),
  concurrency: z.number().int(),
  timeoutMs: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last connection test's result and time; null until the first one. */
  lastCheck: z.object({ ok: z.boolean(), at: z.string() }).nullable(),
});
export type Provider = z.infer<typeof provider>;

export const providerFields = z.object({
  name: z.string().trim().min(1).max(64),
  protocol: providerProtocol,
  /** Empty for the demo provider. */
  baseUrl: z.union([z.literal(''), httpUrl]),
  /** A new key; empty string removes it; left out keeps it. */
  apiKey: z.string().max(500),
  concurrency: z.number().int().min(1).max(10_000),
  /** Up to an hour: a Cloud Run separation answers when it is done (docs/separation.md). */
  timeoutMs: z.number().int().min(1000).max(3_600_000),
  enabled: z.boolean(),
});
export type ProviderFields = z.infer<typeof providerFields>;

export const adminListProviders = endpoint({
  method: 'GET',
  path: '/admin/chat/providers',
  access: 'admin',
  summary: 'Every upstream provider (keys shown only as set / not set)',
  tags: ['chat', 'admin'],
  data: listOf(provider),
});

export const adminCreateProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/providers/create',
  access: 'admin',
  summary: 'Add a provider (409 when the name is taken)',
  tags: ['chat', 'admin'],
  body: providerFields.partial().required({ name: true, protocol: true }),
  data: provider,
});

export const adminUpdateProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/providers/update',
  access: 'admin',
  summary: 'Change a provider (only the fields sent)',
  tags: ['chat', 'admin'],
  body: providerFields.partial().extend({ id: z.number().int().positive() }),
  data: provider,
});

export const adminDeleteProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/providers/delete',
  access: 'admin',
  summary: 'Remove a provider and its models',
  tags: ['chat', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

// ---------------------------------------------------------------- models (admin)

export const adminModel = z.object({
  id: z.number().int(),
  name: z.string(),
  upstreamModel: z.string(),
  providerId: z.number().int(),
  kind: modelKind,
  priceKey: z.string(),
  vision: z.boolean(),
  contextWindow: z.number().int(),
  maxOutput: z.number().int(),
  systemPrompt: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  vipOnly: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminModel = z.infer<typeof adminModel>;

export const modelFields = z.object({
  name: z.string().trim().min(1).max(64),
  upstreamModel: z.string().trim().min(1).max(200),
  providerId: z.number().int().positive(),
  kind: modelKind,
  /** `<model>:<action>` of a credits price, e.g. `demo-chat:chat`. */
  priceKey: z.string().trim().min(1).max(200),
  vision: z.boolean(),
  contextWindow: z.number().int().min(256).max(10_000_000),
  maxOutput: z.number().int().min(16).max(1_000_000),
  systemPrompt: z.string().max(20_000),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  enabled: z.boolean(),
  vipOnly: z.boolean(),
});
export type ModelFields = z.infer<typeof modelFields>;

export const adminListModels = endpoint({
  method: 'GET',
  path: '/admin/chat/models',
  access: 'admin',
  summary: 'Every model, enabled or not',
  tags: ['chat', 'admin'],
  data: listOf(adminModel),
});

export const adminCreateModel = endpoint({
  method: 'POST',
  path: '/admin/chat/models/create',
  access: 'admin',
  summary: 'Add a model (409 when the name is taken)',
  tags: ['chat', 'admin'],
  body: modelFields.partial().required({
    name: true,
    upstreamModel: true,
    providerId: true,
    priceKey: true,
  }),
  data: adminModel,
});

export const adminUpdateModel = endpoint({
  method: 'POST',
  path: '/admin/chat/models/update',
  access: 'admin',
  summary: 'Change a model (only the fields sent)',
  tags: ['chat', 'admin'],
  body: modelFields.partial().extend({ id: z.number().int().positive() }),
  data: adminModel,
});

export const adminDeleteModel = endpoint({
  method: 'POST',
  path: '/admin/chat/models/delete',
  access: 'admin',
  summary: 'Remove a model',
  tags: ['chat', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

// ---------------------------------------------------------------- models a user may use

export const userModel = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: modelKind,
  priceKey: z.string(),
  /** Credits per 1,000 input / output tokens (or per call when `unit` is `call`). */
  unit: z.enum(['call', '1k_tokens']),
  credits: z.number(),
  inputPer1k: z.number(),
  outputPer1k: z.number(),
  vision: z.boolean(),
  contextWindow: z.number().int(),
  maxOutput: z.number().int(),
  vipOnly: z.boolean(),
  /** True for the built-in offline demo (no real AI behind it). */
  demo: z.boolean(),
});
export type UserModel = z.infer<typeof userModel>;

export const listModels = endpoint({
  method: 'GET',
  path: '/autoreply/queryGptModel',
  access: 'public',
  summary: 'The chat models the caller may use, with price and capabilities',
  tags: ['chat'],
  query: z.object({ kind: modelKind.optional() }),
  data: listOf(userModel),
});

export const byokModel = z.object({
  id: z.number().int(),
  name: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  apiKey: z.enum(['set', 'not set']),
  vision: z.boolean(),
  createdAt: z.string(),
});
export type ByokModel = z.infer<typeof byokModel>;

export const saveOwnEndpoint = endpoint({
  method: 'POST',
  path: '/autoreply/addGptModelUser',
  access: 'identity',
  summary:
    'Add (or, with id, change) your own OpenAI-compatible endpoint and key; chats through it cost no credits',
  tags: ['chat'],
  body: z.object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(64),
    /** e.g. https://api.openai.com/v1 (the base the SDK appends `/chat/completions` to). */
    baseUrl: httpUrl,
    model: z.string().trim().min(1).max(200),
    /** Left out on change keeps the stored key. */
    apiKey: z.string().trim().max(500).optional(),
    vision: z.boolean().default(false),
  }),
  data: byokModel,
});

export const listOwnEndpoints = endpoint({
  method: 'GET',
  path: '/autoreply/queryGptModelUser',
  access: 'identity',
  summary: 'Your own endpoints (keys shown only as set / not set)',
  tags: ['chat'],
  data: listOf(byokModel),
});

export const deleteOwnEndpoint = endpoint({
  method: 'POST',
  path: '/autoreply/delGptModelUser',
  access: 'identity',
  summary: 'Remove one of your own endpoints',
  tags: ['chat'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

// ---------------------------------------------------------------- groups

/** A group's settings: a small JSON object (at most 50 keys and 16 KB written out). */
export const groupConfig = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => Object.keys(v).length <= 50, { message: 'must have at most 50 settings' })
  .refine((v) => JSON.stringify(v).length <= 16_384, {
    message: 'must be at most 16384 characters written out',
  });

export const chatGroup = z.object({
  id: z.number().int(),
  /** The spec's group `uuid` (same as id). */
  uuid: z.number().int(),
  title: z.string(),
  appId: z.number().int().nullable(),
  isSticky: z.boolean(),
  config: groupConfig,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatGroup = z.infer<typeof chatGroup>;

export const createGroup = endpoint({
  method: 'POST',
  path: '/group/create',
  access: 'identity',
  summary: 'Start a chat group (optionally for an app)',
  tags: ['chat'],
  body: z.object({ appId: z.number().int().positive().nullish() }),
  data: chatGroup,
});

export const listGroups = endpoint({
  method: 'GET',
  path: '/group/query',
  access: 'identity',
  summary: 'Your chat groups, sticky first, newest first',
  tags: ['chat'],
  data: listOf(chatGroup),
});

export const updateGroup = endpoint({
  method: 'POST',
  path: '/group/update',
  access: 'identity',
  summary: 'Rename, pin or configure a group',
  tags: ['chat'],
  body: z.object({
    groupId: z.number().int().positive(),
    title: z.string().trim().min(1).max(200).optional(),
    isSticky: z.boolean().optional(),
    config: groupConfig.optional(),
  }),
  data: chatGroup,
});

export const deleteGroup = endpoint({
  method: 'POST',
  path: '/group/del',
  access: 'identity',
  summary: 'Delete a group and its logs',
  tags: ['chat'],
  body: z.object({ groupId: z.number().int().positive() }),
  data: z.null(),
});

export const deleteAllGroups = endpoint({
  method: 'POST',
  path: '/group/delAll',
  access: 'identity',
  summary: 'Delete every group of yours that is not sticky, with their logs',
  tags: ['chat'],
  data: z.object({ deleted: z.number().int() }),
});

// ---------------------------------------------------------------- files in the conversation

/** What a chat file was read as. */
export const chatFileFormat = z.enum(['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'text']);

/** A file attached to a chat (docs/chat.md, "Files in the conversation"). */
export const chatFile = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  format: chatFileFormat,
  /** Pages (PDF), sheets (XLSX), slides (PPTX); 1 for the others. */
  pages: z.number().int(),
  /** The estimated tokens of its whole text (0: no text, e.g. a scanned PDF). */
  tokens: z.number().int(),
  /** False when no text could be read (a scanned PDF): the model is told so. */
  hasText: z.boolean(),
  createdAt: z.string(),
});
export type ChatFile = z.infer<typeof chatFile>;

/** Multipart like `/upload/file` (one field `file`); several files are several calls. */
export const uploadChatFile = endpoint({
  method: 'POST',
  path: '/chat/files',
  access: 'identity',
  summary:
    "Attach a file to a chat (PDF, DOCX, XLSX, PPTX, CSV, text, Markdown or source; at most the operator's size): its text is read and kept",
  tags: ['chat'],
  data: chatFile,
});

/** The caller's attached files, newest first (at most 500). */
export const listChatFiles = endpoint({
  method: 'GET',
  path: '/chat/files',
  access: 'identity',
  summary: "The caller's attached files (name, size, pages, date), newest first",
  tags: ['chat'],
  data: listOf(chatFile),
});

/**
 * Deletes one of the caller's attached files: its stored bytes and its text. It no longer goes
 * into any context; the questions it went with show it as deleted. Another's id is a 404 naming
 * `id`, like a missing one.
 */
export const deleteChatFile = endpoint({
  method: 'POST',
  path: '/chat/files/delete',
  access: 'identity',
  summary: 'Delete one of the caller’s attached files (its bytes and text)',
  tags: ['chat'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

/** A file sent with a question, and what of it went to the model. */
export const usedFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  format: chatFileFormat,
  pages: z.number().int(),
  /** The tokens of it sent to the model. */
  tokens: z.number().int(),
  /** `whole`: all its text; `parts`: the pages most related to the question; `none`: no text. */
  used: z.enum(['whole', 'parts', 'none']),
  /** With `parts`: the pages (sheets, slides) sent. */
  usedPages: z.array(z.number().int()),
  /** Set on a listed message when its owner has deleted the file since (it is sent no more). */
  deleted: z.boolean().optional(),
});
export type UsedFile = z.infer<typeof usedFile>;

// ---------------------------------------------------------------- logs

/** Why the upstream cut an answer short: `length` (the token limit) or `content_filter`. */
export const finishReason = z.enum(['length', 'content_filter']);

export const chatLog = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  appId: z.number().int().nullable(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  imageUrl: z.string().nullable(),
  model: z.string(),
  /** `done`, `partial` (client stopped or left), `error` (upstream failed). */
  status: z.enum(['done', 'partial', 'error']),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  credits: z.number().int(),
  createdAt: z.string(),
  /** A reasoning model's thinking, shown above the answer ('' for none); never sent as context. */
  reasoning: z.string(),
  /** How long the model thought, in ms (null: no thinking shown). */
  reasoningMs: z.number().int().nullable(),
  /** Why the upstream cut the answer: the token limit, or its content filter (null: it did not). */
  finishReason: finishReason.nullable(),
  /** A web-search answer's numbered sources ([] for none). */
  sources: z.array(webSource).default([]),
  /** The tool calls made for this answer ([] for none). */
  toolCalls: z.array(toolCall).default([]),
  /** On a question: the files sent with it and what of each was used ([] otherwise). */
  files: z.array(usedFile),
  /** The message this one follows on its branch (null: the chat's first question). */
  parentId: z.number().int().nullable(),
  /**
   * The branches at this message, oldest first, itself included: the other versions of an
   * edited question, or the other answers to the same question ([id] when there is no other).
   */
  siblings: z.array(z.number().int()),
});
export type ChatLog = z.infer<typeof chatLog>;

export const listMessages = endpoint({
  method: 'GET',
  path: '/chatlog/chatList',
  access: 'identity',
  summary: "A group's messages on the branch on screen, oldest first, each with its branches",
  tags: ['chat'],
  query: z.object({ groupId: id }),
  data: listOf(chatLog),
});

export const switchBranch = endpoint({
  method: 'POST',
  path: '/chatlog/branch',
  access: 'identity',
  summary:
    'Show another branch: the branch through this message (its newest continuation) becomes the one on screen and the context of the next question; answers its messages',
  tags: ['chat'],
  body: z.object({ groupId: z.number().int().positive(), id: z.number().int().positive() }),
  data: listOf(chatLog),
});

export const deleteMessage = endpoint({
  method: 'POST',
  path: '/chatlog/del',
  access: 'identity',
  summary: 'Delete one message',
  tags: ['chat'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

export const clearGroupMessages = endpoint({
  method: 'POST',
  path: '/chatlog/delByGroupId',
  access: 'identity',
  summary: "Clear a group's messages",
  tags: ['chat'],
  body: z.object({ groupId: z.number().int().positive() }),
  data: z.null(),
});

export const messagesByApp = endpoint({
  method: 'GET',
  path: '/chatlog/byAppId',
  access: 'identity',
  summary: 'Your messages in chats started from an app, newest group first',
  tags: ['chat'],
  query: z.object({
    appId: id,
    page: queryInt(z.number().int().min(1)).default(1),
    size: queryInt(z.number().int().min(1).max(500)).default(100),
  }),
  data: listOf(chatLog),
});

// ---------------------------------------------------------------- streamed answers

export const chatOptions = z
  .object({
    /** The chat group; required by chat-process, optional for chat-mind (then nothing is saved). */
    groupId: z.number().int().positive().optional(),
    /** Send earlier messages of the group (trimmed to the model's window). Default true. */
    usingContext: z.boolean().default(true),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().min(0).max(1).optional(),
    /** Search the web first and cite the pages read (docs/chat.md, Web search). */
    webSearch: z.boolean().optional(),
    /**
     * The message the question follows: an edited question is sent with the parent of the one
     * it replaces (0: the chat's start), and becomes its sibling branch. Left out: the last
     * message of the branch on screen.
     */
    parentId: z.number().int().nonnegative().optional(),
    /**
     * Answer this saved question again (its text and picture; `prompt` is then not used): the new
     * answer is a sibling branch of the earlier ones, with the model this request names.
     */
    regenerateOf: z.number().int().positive().optional(),
  })
  .loose();

export const chatProcessBody = z.object({
  /** A model of `chat.listModels`; ignored when `gptModelUserId` is sent. */
  gptModelId: z.number().int().positive().optional(),
  gptModelUserId: z.number().int().positive().optional(),
  prompt: z.string().trim().min(1).max(100_000),
  appId: z.number().int().positive().nullish(),
  options: chatOptions,
  /** The user's system message from their settings (an app in use fixes its own). */
  systemMessage: z.string().max(20_000).optional(),
  /** An uploaded image for vision models (http(s) link or data: URL). */
  image_url: z
    .string()
    .max(15_000_000)
    .regex(/^(https?:\/\/\S+|data:image\/[a-z+]+;base64,[A-Za-z0-9+/=]+)$/, {
      message: 'must be an http(s) link or a data:image URL',
    })
    .optional(),
  /** Files of `uploadChatFile` (the caller's own) to put in the context with the question. */
  fileIds: z.array(z.number().int().positive()).max(10).optional(),
});
export type ChatProcessBody = z.input<typeof chatProcessBody>;

/**
 * One line of the stream (newline-delimited JSON). Every line has the message so far (`text`)
 * and what this line adds (`delta`); the last one has `done: true`, `usage` and the balance after.
 * A reasoning model's thinking comes on lines of its own (`reasoning` so far, `reasoningDelta`),
 * before or between the answer's; the last line repeats the whole `reasoning`.
 */
export const chatStreamLine = z.object({
  /** The assistant message's chat-log id. */
  id: z.number().int(),
  groupId: z.number().int(),
  text: z.string(),
  delta: z.string(),
  /** The thinking so far: on lines that add to it, and on the last line when there was any. */
  reasoning: z.string().optional(),
  /** What this line adds to the thinking. */
  reasoningDelta: z.string().optional(),
  /** How long the model thought, in ms (on the last line when there was thinking). */
  reasoningMs: z.number().int().optional(),
  /** On the last line when the upstream cut the answer short. */
  finishReason: finishReason.optional(),
  done: z.boolean(),
  usage: z
    .object({
      promptTokens: z.number().int(),
      /** Everything the model wrote, its thinking included. */
      completionTokens: z.number().int(),
      /** Of those, the thinking's, when the upstream reports it. */
      reasoningTokens: z.number().int().optional(),
      /** `upstream` when the provider reported it, else `estimate`. */
      source: z.enum(['upstream', 'estimate']),
    })
    .optional(),
  /** Credits charged for this answer (on the last line). */
  cost: z.number().int().optional(),
  /** The balance after the charge (on the last line). */
  credits: z.number().int().optional(),
  /** On the last line: the question's files and what of each was used. */
  files: z.array(usedFile).optional(),
  /** On the last line: the pictures of the answer, stored as ours and saved to the works. */
  pictures: z.array(z.object({ url: z.string(), workId: z.number().int().nullable() })).optional(),
  /** A readable error; the stream ends with it and nothing is charged. */
  error: z.string().optional(),
  /** A web-search answer's numbered sources: on the line that brings them, and on the last. */
  sources: z.array(webSource).optional(),
  /** The tool calls so far: on the line after each call, and on the last line. */
  toolCalls: z.array(toolCall).optional(),
});
export type ChatStreamLine = z.infer<typeof chatStreamLine>;

/**
 * The stream endpoints, described for the contract list; the server registers them on Fastify
 * directly (their answer is not the envelope but `application/x-ndjson` of `chatStreamLine`).
 */
export const streamAnswer = endpoint({
  method: 'POST',
  path: '/chatgpt/chat-process',
  access: 'identity',
  summary: 'Streams an answer as newline-delimited JSON (chatStreamLine)',
  tags: ['chat'],
  body: chatProcessBody,
  data: chatStreamLine,
});

export const streamMindMap = endpoint({
  method: 'POST',
  path: '/chatgpt/chat-mind',
  access: 'identity',
  summary: 'Streams a markdown outline for the mind map (same lines as chat-process)',
  tags: ['chat'],
  body: chatProcessBody,
  data: chatStreamLine,
});

// ---------------------------------------------------------------- shared conversations

export const chatShare = z.object({
  /** The unguessable token of the public link. */
  id: z.string(),
  groupId: z.number().int(),
  title: z.string(),
  /** The public page's address, from the site root (e.g. `/c/<token>`). */
  path: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
});
export type ChatShare = z.infer<typeof chatShare>;

export const createShare = endpoint({
  method: 'POST',
  path: '/chat/shares/create',
  access: 'identity',
  summary:
    'Share a chat: a read-only public link to a snapshot of its branch on screen (rate limited)',
  tags: ['chat'],
  body: z.object({ groupId: z.number().int().positive() }),
  data: chatShare,
});

export const listShares = endpoint({
  method: 'GET',
  path: '/chat/shares',
  access: 'identity',
  summary: 'Your shared conversations that are not revoked, newest first',
  tags: ['chat'],
  data: listOf(chatShare),
});

export const revokeShare = endpoint({
  method: 'POST',
  path: '/chat/shares/revoke',
  access: 'identity',
  summary: 'Revoke a shared link of yours: it answers 404 from then on',
  tags: ['chat'],
  body: z.object({ id: z.string().trim().min(1).max(64) }),
  data: z.null(),
});
