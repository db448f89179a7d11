import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf } from './envelope.js';

/*
 * Chat tools (docs/chat.md, "Web search" and "Tools over MCP"): the operator's search
 * providers and remote MCP servers, which tools each model may call, and what an answer shows
 * of them (numbered sources, folded tool calls).
 */

const httpAddress = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/, { message: 'must be an http(s):// address' });

// ---------------------------------------------------------------- what an answer shows

/** A numbered source of a web-search answer: the answer cites it as `[n]`. */
export const webSource = z.object({
  n: z.number().int().positive(),
  title: z.string(),
  url: z.string(),
  domain: z.string(),
});
export type WebSource = z.infer<typeof webSource>;

/** One tool call of an answer: what the model asked, what the tool answered, how long it took. */
export const toolCall = z.object({
  id: z.string(),
  /** The tool's name as the model saw it (`<server>__<tool>`). */
  name: z.string(),
  /** The arguments as the model wrote them (JSON text). */
  arguments: z.string(),
  /** The tool's answer as text (cut at 4,000 characters), or why it failed. */
  result: z.string(),
  ok: z.boolean(),
  ms: z.number().int(),
});
export type ToolCall = z.infer<typeof toolCall>;

/** Whether the composer offers the web-search toggle (an enabled search provider exists). */
export const chatToolsInfo = endpoint({
  method: 'GET',
  path: '/chat/tools-info',
  access: 'identity',
  summary: 'What the composer may offer: web search when a search provider is enabled',
  tags: ['chat'],
  data: z.object({ webSearch: z.boolean() }),
});

// ---------------------------------------------------------------- search providers (admin)

export const searchKinds = ['searxng', 'tavily', 'brave', 'serper', 'bing', 'google'] as const;
export const searchKind = z.enum(searchKinds);

export const searchProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: searchKind,
  /** SearXNG: the instance's root; the others: empty for their public API. */
  baseUrl: z.string(),
  /** Keys never leave the server: only whether one is stored. */
  apiKey: z.enum(['set', 'not set']),
  /** `<model>:<action>` of a credits price per search (unit `call`); empty: free. */
  priceKey: z.string(),
  maxResults: z.number().int(),
  /** How many of the top results are fetched and read. */
  pagesRead: z.number().int(),
  timeoutMs: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SearchProvider = z.infer<typeof searchProvider>;

export const searchProviderFields = z.object({
  name: z.string().trim().min(1).max(64),
  kind: searchKind,
  baseUrl: z.union([z.literal(''), httpAddress]),
  /** A new key; empty string removes it; left out keeps it. */
  apiKey: z.string().max(500),
  priceKey: z.string().trim().max(200),
  maxResults: z.number().int().min(1).max(20),
  pagesRead: z.number().int().min(0).max(5),
  timeoutMs: z.number().int().min(1000).max(120_000),
  enabled: z.boolean(),
});

export const adminListSearchProviders = endpoint({
  method: 'GET',
  path: '/admin/chat/search-providers',
  access: 'admin',
  summary: 'The web-search providers (keys shown only as set / not set)',
  tags: ['chat', 'admin'],
  data: listOf(searchProvider),
});
export const adminCreateSearchProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/search-providers/create',
  access: 'admin',
  summary: 'Add a web-search provider',
  tags: ['chat', 'admin'],
  body: searchProviderFields.partial().required({ name: true, kind: true }),
  data: searchProvider,
});
export const adminUpdateSearchProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/search-providers/update',
  access: 'admin',
  summary: 'Change a web-search provider (only the fields sent)',
  tags: ['chat', 'admin'],
  body: searchProviderFields.partial().extend({ id: z.number().int().positive() }),
  data: searchProvider,
});
export const adminDeleteSearchProvider = endpoint({
  method: 'POST',
  path: '/admin/chat/search-providers/delete',
  access: 'admin',
  summary: 'Remove a web-search provider',
  tags: ['chat', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

// ---------------------------------------------------------------- MCP servers (admin)

export const mcpTool = z.object({
  name: z.string(),
  description: z.string(),
});

export const mcpServer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The streamable HTTP endpoint, e.g. https://tools.example.com/mcp. */
  url: z.string(),
  /** A bearer token sent to the server: only whether one is stored. */
  token: z.enum(['set', 'not set']),
  /** Let this server be on loopback or a private network (the operator's own; docs/security.md). */
  allowPrivate: z.boolean(),
  /** Time one tool call may take. */
  timeoutMs: z.number().int(),
  enabled: z.boolean(),
  /** The tools the server listed at the last refresh. */
  tools: z.array(mcpTool),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type McpServer = z.infer<typeof mcpServer>;

export const mcpServerFields = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'letters, digits, "_" and "-" only' }),
  url: httpAddress,
  token: z.string().max(2000),
  allowPrivate: z.boolean(),
  timeoutMs: z.number().int().min(1000).max(120_000),
  enabled: z.boolean(),
});

export const adminListMcpServers = endpoint({
  method: 'GET',
  path: '/admin/chat/mcp-servers',
  access: 'admin',
  summary: 'The remote MCP servers and the tools each listed',
  tags: ['chat', 'admin'],
  data: listOf(mcpServer),
});
export const adminCreateMcpServer = endpoint({
  method: 'POST',
  path: '/admin/chat/mcp-servers/create',
  access: 'admin',
  summary: 'Register a remote MCP server (its tools are listed at once; 400 when unreachable)',
  tags: ['chat', 'admin'],
  body: mcpServerFields.partial().required({ name: true, url: true }),
  data: mcpServer,
});
export const adminUpdateMcpServer = endpoint({
  method: 'POST',
  path: '/admin/chat/mcp-servers/update',
  access: 'admin',
  summary: 'Change an MCP server (only the fields sent; its tools are listed again)',
  tags: ['chat', 'admin'],
  body: mcpServerFields.partial().extend({ id: z.number().int().positive() }),
  data: mcpServer,
});
export const adminDeleteMcpServer = endpoint({
  method: 'POST',
  path: '/admin/chat/mcp-servers/delete',
  access: 'admin',
  summary: 'Remove an MCP server and every model permission of its tools',
  tags: ['chat', 'admin'],
  body: z.object({ id: z.number().int().positive() }),
  data: z.null(),
});

/** The tools a model may call, as `{ serverId, tool }` pairs. */
export const modelTools = z.object({
  modelId: z.number().int(),
  tools: z.array(z.object({ serverId: z.number().int(), tool: z.string() })),
});
export type ModelTools = z.infer<typeof modelTools>;

export const adminListModelTools = endpoint({
  method: 'GET',
  path: '/admin/chat/model-tools',
  access: 'admin',
  summary: 'Which MCP tools each model may call',
  tags: ['chat', 'admin'],
  data: listOf(modelTools),
});
export const adminSetModelTools = endpoint({
  method: 'POST',
  path: '/admin/chat/model-tools/set',
  access: 'admin',
  summary: 'Replace the MCP tools a model may call (400 naming `tools` for a tool no server lists)',
  tags: ['chat', 'admin'],
  body: z.object({
    modelId: z.number().int().positive(),
    tools: z
      .array(z.object({ serverId: z.number().int().positive(), tool: z.string().min(1).max(128) }))
      .max(64),
  }),
  data: modelTools,
});
