import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Chat tools (docs/chat.md, "Web search" and "Tools over MCP"):
 * - `chat_search_providers`: the operator's web-search providers (`kind` `searxng` | `tavily` | `brave`),
 *   the key sealed (context `chat:search`), the price key of one search ('' for free), how many
 *   results are asked and how many of the top pages are read;
 * - `chat_mcp_servers`: remote MCP servers (streamable HTTP), a bearer token sealed (context
 *   `chat:mcp`), whether a private address is allowed, the time per call, and `tools`: the JSON
 *   array `[{ name, description, inputSchema }]` the server listed at the last refresh;
 * - `chat_model_tools`: which server's tool each chat model may call (one row per tool);
 * - `chat_logs.sources` and `chat_logs.tool_calls`: an answer's numbered sources and tool calls
 *   (JSON arrays, '[]' for none).
 */
export const chatTools: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('chat_search_providers'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('api_key_sealed', 'text')
      .addColumn('price_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('max_results', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('pages_read', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(15000))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('chat_mcp_servers'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('token_sealed', 'text')
      .addColumn('allow_private', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(15000))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('tools', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('chat_model_tools')
      .addColumn('model_id', 'integer', (c) =>
        c.notNull().references('chat_models.id').onDelete('cascade'),
      )
      .addColumn('server_id', 'integer', (c) =>
        c.notNull().references('chat_mcp_servers.id').onDelete('cascade'),
      )
      .addColumn('tool', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_model_tools_pk', ['model_id', 'server_id', 'tool'])
      .execute();
    await db.schema
      .alterTable('chat_logs')
      .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('chat_logs')
      .addColumn('tool_calls', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
