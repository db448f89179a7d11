import type { Generated } from 'kysely';
import type { kinds } from '@atelier/contracts';

/*
 * The providers module's tables: the upstreams (`chat_providers`), the models they serve for
 * every kind (`chat_models`) and the per-model allow lists (`chat_model_access`). Their names
 * keep the `chat_` prefix they were created with.
 */

/**
 * A provider's protocol: a name some kind's adapter map has (protocols.ts gathers them; the
 * contracts bound it as text and a write naming another is refused).
 */
export type ProviderProtocol = string;
/** The contracts' list (`kinds.modelKinds`): one place to add a kind. */
export type ModelKind = kinds.ModelKind;

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

/** Per-model allow list: when either list is non-empty, only those users or groups may use it. */
export interface ChatModelAccessTable {
  model_id: number;
  /** JSON list of user ids. */
  user_ids: string;
  /** JSON list of groups: `vip`, `user`, `admin`. */
  groups: string;
}

export interface ProvidersTables {
  chat_providers: ChatProvidersTable;
  chat_models: ChatModelsTable;
  chat_model_access: ChatModelAccessTable;
}
