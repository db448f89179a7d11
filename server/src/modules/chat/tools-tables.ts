import type { Generated } from 'kysely';

/** The operator's web-search providers (docs/chat.md, Web search). */
export interface ChatSearchProvidersTable {
  id: Generated<number>;
  name: string;
  kind: 'searxng' | 'tavily' | 'brave' | 'serper' | 'bing' | 'google';
  base_url: string;
  /** secret-box sealed (context `chat:search`), null when none. */
  api_key_sealed: string | null;
  /** '' for a free search. */
  price_key: string;
  max_results: number;
  pages_read: number;
  timeout_ms: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** Remote MCP servers (docs/chat.md, Tools over MCP). */
export interface ChatMcpServersTable {
  id: Generated<number>;
  name: string;
  url: string;
  /** secret-box sealed (context `chat:mcp`), null when none. */
  token_sealed: string | null;
  allow_private: number;
  timeout_ms: number;
  enabled: number;
  /** JSON `[{ name, description, inputSchema }]` as last listed. */
  tools: string;
  created_at: string;
  updated_at: string;
}

/** Which MCP tool each chat model may call. */
export interface ChatModelToolsTable {
  model_id: number;
  server_id: number;
  tool: string;
}

export interface ChatToolsTables {
  chat_search_providers: ChatSearchProvidersTable;
  chat_mcp_servers: ChatMcpServersTable;
  chat_model_tools: ChatModelToolsTable;
}
