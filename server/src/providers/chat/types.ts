/**
 * One small interface for every chat upstream: a request in, a stream of text deltas (and, at
 * the end, the upstream's usage when it reports one) out. Adapters throw `UpstreamError` with a
 * readable message; an aborted `signal` ends the stream early.
 */
export type ContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ContentPart[];
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
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export type ChatChunk = { delta: string } | { usage: ChatUsage };

export interface ChatAdapter {
  stream(request: ChatRequest): AsyncIterable<ChatChunk>;
}

export { UpstreamError } from '../errors.js';
