/**
 * One small interface for every chat upstream: a request in, a stream of text deltas (and, at
 * the end, the upstream's usage when it reports one) out. Adapters throw `UpstreamError` with a
 * readable message; an aborted `signal` ends the stream early.
 */
export type ContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | ContentPart[];
  /** An assistant message's calls (OpenAI `tool_calls`), sent back before their results. */
  tool_calls?: Array<{
    id: string;
    type: 'function';
    function: { name: string; arguments: string };
  }>;
  /** A `tool` message: the call it answers. */
  tool_call_id?: string;
}

/** A function the model may call (OpenAI `tools[]`: `{ type: 'function', function }`). */
export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** A call the model asked for: its id, the function's name and the arguments as JSON text. */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
  topP?: number;
  signal: AbortSignal;
  /** No byte from upstream for this long ends the call with a timeout. */
  timeoutMs: number;
  /** The app or persona whose system prompt is in use (only the offline demo shows it). */
  persona?: string;
  /**
   * The user's interface language. A real model answers in the language it is asked in; the
   * offline demo, which cannot read, writes its fixed texts in this one (default zh-CN).
   */
  language?: 'zh-CN' | 'en-US' | 'zh-TW';
  /** Functions the model may call; its calls come back as one `toolCalls` chunk. */
  tools?: ChatTool[];
  /**
   * Ask for the whole answer in one JSON body (`stream: false`), for short calls of the
   * server's own (the web search query); the adapter still yields it as chunks.
   */
  once?: boolean;
}

export interface ChatUsage {
  promptTokens: number;
  /** Everything the model wrote, its reasoning included (as OpenAI and DeepSeek count it). */
  completionTokens: number;
  /** Of those, the reasoning's, when the upstream says (`completion_tokens_details`). */
  reasoningTokens?: number;
}

/**
 * Why the upstream stopped, when it is not the natural end: `length` (the token limit) or
 * `content_filter` (its filter omitted content). Other reasons (`stop`, `tool_calls`) are not
 * reported.
 */
export type FinishReason = 'length' | 'content_filter';

/**
 * What an adapter streams: answer text (`delta`), the model's reasoning (`reasoning`, before
 * or between the answer's pieces), the usage, why it stopped when it was cut, the tool calls it
 * asked for (once, whole, when its stream says it stopped for them), and pictures the model
 * drew that came as data parts (`image`: a data: URL or a link), not as text.
 */
export type ChatChunk =
  | { delta: string }
  | { reasoning: string }
  | { usage: ChatUsage }
  | { finish: FinishReason }
  | { toolCalls: ToolCallRequest[] }
  | { image: string };

export interface ChatAdapter {
  stream(request: ChatRequest): AsyncIterable<ChatChunk>;
}

export { UpstreamError } from '../errors.js';
