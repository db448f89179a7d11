import type { Generated } from 'kysely';
import type { ChatToolsTables } from './tools-tables.js';

export type LogStatus = 'done' | 'partial' | 'error';

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
  /** The last message of the branch on screen (null: the newest message). */
  leaf_id: number | null;
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
  /** A reasoning model's thinking ('' for none); never sent upstream again. */
  reasoning: Generated<string>;
  /** How long the model thought, in ms; null when it showed no thinking. */
  reasoning_ms: number | null;
  /** Why the upstream cut the answer (`length`, `content_filter`), else null. */
  finish_reason: 'length' | 'content_filter' | null;
  /** JSON array of the answer's numbered sources ('[]' for none). */
  sources: Generated<string>;
  /** JSON array of the answer's tool calls ('[]' for none). */
  tool_calls: Generated<string>;
  /** On a question: JSON list of the files sent with it and what of each was used (0077). */
  files: Generated<string>;
  /** The message this one follows (null: a first question); same parent and role: branches. */
  parent_id: number | null;
}

/** A file attached to a chat: its bytes are a `files` row, its text is here (0077). */
export interface ChatFilesTable {
  id: Generated<number>;
  user_id: number;
  file_id: number;
  name: string;
  size: number;
  format: string;
  pages: number;
  tokens: number;
  /** JSON list of `{ page, label?, text }`. */
  parts: string;
  created_at: string;
}

/** A read-only snapshot of a chat's branch, public under its unguessable token. */
export interface ChatSharesTable {
  id: Generated<number>;
  token: string;
  user_id: number;
  group_id: number;
  title: string;
  /** JSON: SharedMessage[] (share.ts). */
  messages: string;
  message_count: number;
  created_at: string;
  revoked_at: string | null;
}

export interface ChatTables extends ChatToolsTables {
  chat_user_models: ChatUserModelsTable;
  chat_groups: ChatGroupsTable;
  chat_logs: ChatLogsTable;
  chat_files: ChatFilesTable;
  chat_shares: ChatSharesTable;
}
