import type { Generated } from 'kysely';
import type { chat, kinds } from '@atelier/contracts';

/** The contracts' list (`chat.providerProtocols`): one place to add a protocol. */
export type ProviderProtocol = (typeof chat.providerProtocols)[number];
/** The contracts' list (`kinds.modelKinds`): one place to add a kind. */
export type ModelKind = kinds.ModelKind;
export type LogStatus = 'done' | 'partial' | 'error';

export interface ChatProvidersTable {
  id: Generated<number>;
  name: string;
  protocol: ProviderProtocol;
  base_url: string;
  /** secret-box sealed (context `chat:provider`), null when none. */
  api_key_sealed: string | null;
  concurrency: number;
  timeout_ms: number;
  enabled: number;
  created_at: string;
  updated_at: string;
  /** The last connection check: 1 passed, 0 failed, null never checked (0026). */
  last_check_ok: number | null;
  last_check_at: string | null;
}

export interface ChatModelsTable {
  id: Generated<number>;
  name: string;
  upstream_model: string;
  provider_id: number;
  kind: ModelKind;
  price_key: string;
  vision: number;
  context_window: number;
  max_output: number;
  system_prompt: string;
  sort: number;
  enabled: number;
  vip_only: number;
  created_at: string;
  updated_at: string;
}

export interface ChatUserModelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  base_url: string;
  model: string;
  /** secret-box sealed (context `chat:byok`). */
  api_key_sealed: string | null;
  vision: number;
  created_at: string;
  updated_at: string;
}

export interface ChatGroupsTable {
  id: Generated<number>;
  user_id: number;
  app_id: number | null;
  title: string;
  is_sticky: number;
  /** JSON object. */
  config: string;
  created_at: string;
  updated_at: string;
}

export interface ChatLogsTable {
  id: Generated<number>;
  user_id: number;
  group_id: number;
  app_id: number | null;
  role: 'user' | 'assistant';
  content: string;
  image_url: string | null;
  model: string;
  status: LogStatus;
  prompt_tokens: number;
  completion_tokens: number;
  credits: number;
  created_at: string;
}

export interface ChatTables {
  chat_providers: ChatProvidersTable;
  chat_models: ChatModelsTable;
  chat_user_models: ChatUserModelsTable;
  chat_groups: ChatGroupsTable;
  chat_logs: ChatLogsTable;
}
