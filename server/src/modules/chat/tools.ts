import type { Selectable } from 'kysely';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import {
  boxOf,
  cachedCatalogueRead,
  forgetCatalogue,
  modelsWithProvider,
} from '../providers/index.js';
import { texts } from './messages.js';
import { listMcpTools, McpError, type ListedTool, type McpTarget } from './mcp-client.js';
import type { ChatMcpServersTable, ChatSearchProvidersTable } from './tools-tables.js';
import { googleKeyOf } from '../../providers/search/index.js';

/*
 * The operator's chat tools (docs/chat.md, "Web search" and "Tools over MCP"): search
 * providers, MCP servers with the tools they list, and which tools each model may call.
 */

export const SEARCH_KEY_CONTEXT = 'chat:search';
export const MCP_TOKEN_CONTEXT = 'chat:mcp';

type SearchRow = Selectable<ChatSearchProvidersTable>;
type McpRow = Selectable<ChatMcpServersTable>;

async function unique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name });
    throw error;
  }
}

// ---------------------------------------------------------------- search providers

export const toSearchProvider = (r: SearchRow): C.SearchProvider => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  baseUrl: r.base_url,
  apiKey: r.api_key_sealed ? 'set' : 'not set',
  priceKey: r.price_key,
  maxResults: r.max_results,
  pagesRead: r.pages_read,
  timeoutMs: r.timeout_ms,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type SearchFields = Partial<Omit<C.SearchProvider, 'apiKey' | 'id' | 'createdAt' | 'updatedAt'>> & {
  apiKey?: string;
};

function searchColumns(ctx: AppContext, f: SearchFields) {
  return {
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.kind !== undefined ? { kind: f.kind } : {}),
    ...(f.baseUrl !== undefined ? { base_url: f.baseUrl.replace(/\/+$/, '') } : {}),
    ...(f.apiKey !== undefined
      ? {
          api_key_sealed: f.apiKey === '' ? null : boxOf(ctx).seal(f.apiKey, SEARCH_KEY_CONTEXT),
        }
      : {}),
    ...(f.priceKey !== undefined ? { price_key: f.priceKey } : {}),
    ...(f.maxResults !== undefined ? { max_results: f.maxResults } : {}),
    ...(f.pagesRead !== undefined ? { pages_read: f.pagesRead } : {}),
    ...(f.timeoutMs !== undefined ? { timeout_ms: f.timeoutMs } : {}),
    ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
  };
}

/**
 * A SearXNG instance has no address of its own: refused without one (400 naming baseUrl).
 * Google Programmable Search needs its engine id with the key (`<key>:<cx>`; 400 naming apiKey).
 */
function assertSearchTarget(kind: string, baseUrl: string, apiKey: string | undefined): void {
  if (kind === 'searxng' && !baseUrl) throw badRequest(texts.searchUrlRequired, {}, 'baseUrl');
  if (kind === 'google' && apiKey && !googleKeyOf(apiKey))
    throw badRequest(texts.googleKeyShape, {}, 'apiKey');
}

export const listSearchProviders = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('chat_search_providers').selectAll().orderBy('id').execute();

export async function createSearchProvider(
  ctx: AppContext,
  f: SearchFields & Pick<C.SearchProvider, 'name' | 'kind'>,
): Promise<SearchRow> {
  assertSearchTarget(f.kind, f.baseUrl ?? '', f.apiKey);
  const now = nowIso();
  return unique(f.name, () =>
    ctx.db.kysely
      .insertInto('chat_search_providers')
      .values({
        name: f.name,
        kind: f.kind,
        base_url: '',
        api_key_sealed: null,
        price_key: '',
        max_results: 5,
        pages_read: 3,
        timeout_ms: 15_000,
        enabled: 1,
        ...searchColumns(ctx, f),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function updateSearchProvider(
  ctx: AppContext,
  id: number,
  f: SearchFields,
): Promise<SearchRow> {
  const row = await ctx.db.kysely
    .selectFrom('chat_search_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(texts.toolNotFound);
  assertSearchTarget(f.kind ?? row.kind, f.baseUrl ?? row.base_url, f.apiKey);
  return unique(f.name ?? row.name, () =>
    ctx.db.kysely
      .updateTable('chat_search_providers')
      .set({ ...searchColumns(ctx, f), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function deleteSearchProvider(ctx: AppContext, id: number): Promise<void> {
  const r = await ctx.db.kysely.deleteFrom('chat_search_providers').where('id', '=', id).execute();
  if (Number(r[0]?.numDeletedRows ?? 0) === 0) throw notFound(texts.toolNotFound);
}

/** The search provider answers use: the first enabled one, with its key in clear. */
export async function activeSearchProvider(
  ctx: AppContext,
): Promise<(SearchRow & { apiKey: string | null }) | null> {
  const row = await ctx.db.kysely
    .selectFrom('chat_search_providers')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    apiKey: row.api_key_sealed ? boxOf(ctx).open(row.api_key_sealed, SEARCH_KEY_CONTEXT) : null,
  };
}

// ---------------------------------------------------------------- MCP servers

const toolsOf = (r: McpRow): ListedTool[] => {
  try {
    const v = JSON.parse(r.tools) as unknown;
    return Array.isArray(v) ? (v as ListedTool[]) : [];
  } catch {
    return [];
  }
};

export const toMcpServer = (r: McpRow): C.McpServer => ({
  id: r.id,
  name: r.name,
  url: r.url,
  token: r.token_sealed ? 'set' : 'not set',
  allowPrivate: r.allow_private === 1,
  timeoutMs: r.timeout_ms,
  enabled: r.enabled === 1,
  tools: toolsOf(r).map((t) => ({ name: t.name, description: t.description })),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const mcpTarget = (ctx: AppContext, r: McpRow): McpTarget => ({
  url: r.url,
  token: r.token_sealed ? boxOf(ctx).open(r.token_sealed, MCP_TOKEN_CONTEXT) : null,
  allowPrivate: r.allow_private === 1,
  timeoutMs: r.timeout_ms,
});

/** Lists the server's tools now; an unreachable or refused server answers 400 naming `url`. */
async function listedTools(target: McpTarget): Promise<ListedTool[]> {
  try {
    return await listMcpTools(target);
  } catch (error) {
    const reason = error instanceof McpError ? error.message : 'the server did not answer';
    throw badRequest(texts.mcpUnreachable, { reason }, 'url');
  }
}

export const listMcpServers = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('chat_mcp_servers').selectAll().orderBy('id').execute();

type McpFields = Partial<Omit<C.McpServer, 'token' | 'tools'>> & { token?: string };

export async function createMcpServer(
  ctx: AppContext,
  f: McpFields & { name: string; url: string },
): Promise<McpRow> {
  const token = f.token ? f.token : null;
  const target: McpTarget = {
    url: f.url,
    token,
    allowPrivate: f.allowPrivate ?? false,
    timeoutMs: f.timeoutMs ?? 15_000,
  };
  const tools = f.enabled === false ? [] : await listedTools(target);
  const now = nowIso();
  return unique(f.name, () =>
    ctx.db.kysely
      .insertInto('chat_mcp_servers')
      .values({
        name: f.name,
        url: f.url,
        token_sealed: token ? boxOf(ctx).seal(token, MCP_TOKEN_CONTEXT) : null,
        allow_private: target.allowPrivate ? 1 : 0,
        timeout_ms: target.timeoutMs,
        enabled: f.enabled === false ? 0 : 1,
        tools: JSON.stringify(tools),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  ).finally(forgetCatalogue);
}

export async function updateMcpServer(ctx: AppContext, id: number, f: McpFields): Promise<McpRow> {
  const row = await ctx.db.kysely
    .selectFrom('chat_mcp_servers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(texts.toolNotFound);
  const token_sealed =
    f.token === undefined
      ? row.token_sealed
      : f.token === ''
        ? null
        : boxOf(ctx).seal(f.token, MCP_TOKEN_CONTEXT);
  const next = {
    ...row,
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.url !== undefined ? { url: f.url } : {}),
    token_sealed,
    ...(f.allowPrivate !== undefined ? { allow_private: f.allowPrivate ? 1 : 0 } : {}),
    ...(f.timeoutMs !== undefined ? { timeout_ms: f.timeoutMs } : {}),
    ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
  };
  // An enabled server's tools are listed again on every change (the console's "refresh").
  const tools = next.enabled === 1 ? await listedTools(mcpTarget(ctx, next)) : toolsOf(row);
  return unique(next.name, () =>
    ctx.db.kysely
      .updateTable('chat_mcp_servers')
      .set({
        name: next.name,
        url: next.url,
        token_sealed: next.token_sealed,
        allow_private: next.allow_private,
        timeout_ms: next.timeout_ms,
        enabled: next.enabled,
        tools: JSON.stringify(tools),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  ).finally(forgetCatalogue);
}

export async function deleteMcpServer(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.kysely
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('chat_model_tools').where('server_id', '=', id).execute();
      const r = await trx.deleteFrom('chat_mcp_servers').where('id', '=', id).execute();
      if (Number(r[0]?.numDeletedRows ?? 0) === 0) throw notFound(texts.toolNotFound);
    })
    .finally(forgetCatalogue);
}

// ---------------------------------------------------------------- per-model permissions

export async function listModelTools(ctx: AppContext): Promise<C.ModelTools[]> {
  const rows = await ctx.db.kysely
    .selectFrom('chat_model_tools')
    .selectAll()
    .orderBy('model_id')
    .orderBy('server_id')
    .orderBy('tool')
    .execute();
  const byModel = new Map<number, C.ModelTools>();
  for (const r of rows) {
    let m = byModel.get(r.model_id);
    if (!m) byModel.set(r.model_id, (m = { modelId: r.model_id, tools: [] }));
    m.tools.push({ serverId: r.server_id, tool: r.tool });
  }
  return [...byModel.values()];
}

/** Replaces a model's tools; a tool its server did not list answers 400 naming `tools`. */
export async function setModelTools(
  ctx: AppContext,
  modelId: number,
  tools: Array<{ serverId: number; tool: string }>,
): Promise<C.ModelTools> {
  const model = await modelsWithProvider(ctx.db.kysely)
    .where('m.id', '=', modelId)
    .executeTakeFirst();
  if (!model) throw badRequest(texts.modelNotFound, {}, 'modelId');
  const servers = new Map((await listMcpServers(ctx)).map((s) => [s.id, toolsOf(s)]));
  const unique = new Map<string, { serverId: number; tool: string }>();
  for (const t of tools) {
    const listed = servers.get(t.serverId);
    if (!listed?.some((l) => l.name === t.tool))
      throw badRequest(texts.unknownTool, { tool: t.tool }, 'tools');
    unique.set(`${t.serverId}\n${t.tool}`, t);
  }
  await ctx.db.kysely
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('chat_model_tools').where('model_id', '=', modelId).execute();
      if (unique.size > 0)
        await trx
          .insertInto('chat_model_tools')
          .values(
            [...unique.values()].map((t) => ({
              model_id: modelId,
              server_id: t.serverId,
              tool: t.tool,
            })),
          )
          .execute();
    })
    .finally(forgetCatalogue);
  return { modelId, tools: [...unique.values()] };
}

/** One tool a model may call in an answer: the name the model sees, and where it runs. */
export interface ModelTool {
  /** `<server>__<tool>`, in the characters a function name may have. */
  fnName: string;
  tool: ListedTool;
  server: McpRow;
}

/**
 * The tools of enabled servers this model may call (none for users' own endpoints). Read by
 * every answer: kept a few seconds with the catalogue, forgotten on any change to MCP servers,
 * model tools or models (another instance sees a change within the catalogue's 5 s).
 */
export const toolsForModel = (ctx: AppContext, modelId: number | null): Promise<ModelTool[]> =>
  modelId === null
    ? Promise.resolve([])
    : cachedCatalogueRead(ctx.db.kysely, `model-tools:${modelId}`, () =>
        readModelTools(ctx, modelId),
      );

async function readModelTools(ctx: AppContext, modelId: number): Promise<ModelTool[]> {
  const rows = await ctx.db.kysely
    .selectFrom('chat_model_tools')
    .select(['server_id', 'tool'])
    .where('model_id', '=', modelId)
    .execute();
  if (rows.length === 0) return [];
  const servers = await ctx.db.kysely
    .selectFrom('chat_mcp_servers')
    .selectAll()
    .where('id', 'in', [...new Set(rows.map((r) => r.server_id))])
    .where('enabled', '=', 1)
    .execute();
  const out: ModelTool[] = [];
  for (const server of servers) {
    const listed = toolsOf(server);
    for (const r of rows) {
      if (r.server_id !== server.id) continue;
      const tool = listed.find((t) => t.name === r.tool);
      if (!tool) continue;
      const fnName = `${server.name}__${tool.name}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
      if (!out.some((o) => o.fnName === fnName)) out.push({ fnName, tool, server });
    }
  }
  return out;
}
