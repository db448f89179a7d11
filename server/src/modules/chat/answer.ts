import type { chat as C } from '@atelier/contracts';
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { AppContext, AppInUse } from '../../context.js';
import type { Lang } from '../../http/messages.js';
import type { ChatUsage, FinishReason, UpstreamError } from '../../providers/chat/index.js';
import type { StreamBilling } from './billing.js';
import type { NdjsonWriter } from './ndjson.js';
import type { Place } from './place.js';
import type { Prompt, Target } from './prompt.js';
import type { activeSearchProvider, ModelTool } from './tools.js';

/** One answer being streamed: what was asked, and what has come back so far. */
export interface Answer {
  ctx: AppContext;
  userId: number;
  lang: Lang;
  body: C.ChatProcessBody;
  options: ReturnType<typeof C.chatOptions.parse>;
  group: { id: number; title: string } | null;
  /** Where the question goes on the group's branches (null: no group). */
  place: Place | null;
  /** The question's text (a saved question's when it is answered again). */
  question: string;
  appId: number | null;
  inUse: AppInUse | null;
  target: Target;
  prompt: Prompt;
  billing: StreamBilling;
  writer: NdjsonWriter<C.ChatStreamLine>;
  controller: AbortController;
  /** Set once the last line is written: a close from then on is no early leave. */
  finished: boolean;
  base: { id: number; groupId: number };
  text: string;
  /** A reasoning model's thinking so far; saved, never sent upstream again. */
  reasoning: string;
  /** When the first thought came, and how long the thinking lasted (set at the first text). */
  thinking: { since: number | null; ms: number | null };
  /** Pictures the model sent as data parts (data: URLs or links), kept at the end. */
  images: string[];
  /** Why the upstream cut the answer, when it says. */
  cut: FinishReason | null;
  usage: ChatUsage | null;
  failure: UpstreamError | null;
  /** Set when the hold or the messages could not be written: no call, no charge. */
  refusal: string | null;
  logs: { userLogId: number; assistantLogId: number };
  /** The search provider when the user asked for web search, and the sources it gave. */
  search: Awaited<ReturnType<typeof activeSearchProvider>>;
  sources: C.WebSource[];
  /** The tools the model may call, the calls shown so far and the MCP sessions opened. */
  tools: ModelTool[];
  toolCalls: C.ToolCall[];
  toolRuns: number;
  mcp: Map<number, Promise<McpClient>>;
  /** The requests sent (one, plus one after each round of tool calls) and the usages read. */
  rounds: number;
  usages: number;
  /** The follow-up requests' prompts, estimated (for an answer without the upstream's usage). */
  extraPromptTokens: number;
  /** The search query's written tokens, estimated likewise. */
  extraCompletionTokens: number;
}

/** What an answer holds before its upstream is called: nothing streamed, no call yet. */
export const answerStart = (): Omit<
  Answer,
  | 'ctx'
  | 'userId'
  | 'lang'
  | 'body'
  | 'options'
  | 'group'
  | 'place'
  | 'question'
  | 'appId'
  | 'inUse'
  | 'target'
  | 'prompt'
  | 'billing'
  | 'writer'
  | 'base'
  | 'search'
  | 'tools'
> => ({
  controller: new AbortController(),
  finished: false,
  text: '',
  reasoning: '',
  thinking: { since: null, ms: null },
  images: [],
  cut: null,
  usage: null,
  failure: null,
  refusal: null,
  logs: { userLogId: 0, assistantLogId: 0 },
  sources: [],
  toolCalls: [],
  toolRuns: 0,
  mcp: new Map(),
  rounds: 0,
  usages: 0,
  extraPromptTokens: 0,
  extraCompletionTokens: 0,
});
