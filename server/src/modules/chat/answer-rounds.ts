import type { chat as C } from '@atelier/contracts';
import { format, type Lang } from '../../http/messages.js';
import {
  countMessageTokens,
  countTokens,
  UpstreamError,
  type ChatMessage,
  type ChatUsage,
  type ToolCallRequest,
} from '../../providers/chat/index.js';
import type { Answer } from './answer.js';
import { keepAnswerPictures, type KeptPicture } from './answer-pictures.js';
import { callMcpTool, connectMcp, reasonOf } from './mcp-client.js';
import { texts } from './messages.js';
import { mcpTarget, type ModelTool } from './tools.js';
import { webSearch } from './web-search.js';

/*
 * The rounds of an answer around the model's requests (docs/chat.md): the web search before
 * the first one, and the tool calls between them.
 */

export const functionOf = (t: ModelTool) => ({
  type: 'function' as const,
  function: {
    name: t.fnName,
    description: t.tool.description.slice(0, 1000),
    parameters:
      t.tool.inputSchema && typeof t.tool.inputSchema === 'object'
        ? t.tool.inputSchema
        : { type: 'object', properties: {} },
  },
});

/** The query-writing call's answer, at most, in tokens. */
export const QUERY_MAX_TOKENS = 60;
/** How long the query-writing call may take, at most. */
const QUERY_TIMEOUT_MS = 10_000;
/** How many of the conversation's last messages it reads, each cut to this many characters. */
const QUERY_MESSAGES = 6;
const QUERY_MESSAGE_CHARS = 1000;

const textOf = (m: ChatMessage): string =>
  typeof m.content === 'string'
    ? m.content
    : m.content
        .filter((p) => p.type === 'text')
        .map((p) => (p as { text: string }).text)
        .join('\n');

/**
 * The query-writing request (docs/chat.md, Web search): an instruction and the conversation's
 * last messages (files and system messages left out) as "User:" / "Assistant:" lines, the
 * question last. The same messages are quoted for the hold before the answer starts.
 */
export function queryMessages(prompt: ChatMessage[]): ChatMessage[] {
  const said = prompt
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .filter((m) => !(m.role === 'user' && textOf(m).startsWith('<file ')))
    .slice(-QUERY_MESSAGES)
    .map((m) => {
      const text = textOf(m).replace(/\s+/g, ' ').trim().slice(0, QUERY_MESSAGE_CHARS);
      return `${m.role === 'user' ? 'User' : 'Assistant'}: ${text}`;
    });
  return [
    {
      role: 'system',
      content:
        "Write the web search query that finds what the user's last message asks, given the " +
        'conversation. Answer with the query only: a few keywords in the language of the ' +
        'question, no quotes, no explanation.',
    },
    { role: 'user', content: said.join('\n') },
  ];
}

/** What the query-writing call adds to the answer's hold: its prompt and its longest answer. */
export const queryHold = (prompt: ChatMessage[]) => ({
  inputTokens: countMessageTokens(queryMessages(prompt)),
  outputTokens: QUERY_MAX_TOKENS,
});

/**
 * Asks the answer's model, in one short non-streamed call (at most QUERY_MAX_TOKENS, at most
 * QUERY_TIMEOUT_MS), for the search query; its tokens are added to the answer's usage (held
 * with it, charged with it). Any failure (a refusal, a timeout, an empty answer) falls back to
 * the user's text and charges nothing for the call.
 */
export async function writeQuery(a: Answer): Promise<string> {
  const fallback = a.question;
  const messages = queryMessages(a.prompt.messages);
  const timeout = AbortSignal.timeout(Math.min(QUERY_TIMEOUT_MS, a.target.timeoutMs));
  let text = '';
  let usage: ChatUsage | null = null;
  try {
    for await (const chunk of a.target.adapter.stream({
      model: a.target.upstreamModel,
      messages,
      maxTokens: QUERY_MAX_TOKENS,
      signal: AbortSignal.any([a.controller.signal, timeout]),
      timeoutMs: Math.min(QUERY_TIMEOUT_MS, a.target.timeoutMs),
      language: a.lang,
      once: true,
    })) {
      if ('delta' in chunk) text += chunk.delta;
      else if ('usage' in chunk) usage = chunk.usage;
    }
    if (timeout.aborted) throw new Error('the query was not written in time');
  } catch (error) {
    a.ctx.log.info(
      { reason: (error as Error).message },
      'search query not written: the question is the query',
    );
    return fallback;
  }
  const query =
    text
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean)
      ?.replace(/^["'“「]+|["'”」]+$/g, '')
      .trim()
      .slice(0, 400) ?? '';
  if (!query) return fallback;
  // The call's tokens are part of the answer's: the upstream's count, else the estimate.
  a.rounds++;
  if (usage) {
    a.usages++;
    a.usage = a.usage ? addUsage(a.usage, usage) : usage;
  } else {
    a.extraPromptTokens += countMessageTokens(messages);
    a.extraCompletionTokens += countTokens(text);
  }
  return query;
}

/**
 * Searches with the query the model wrote (else the user's question), shows the sources (a line of their own), and puts their
 * texts before the question, within what the model's window leaves. A refused search fails the
 * answer (nothing charged), in the service's own words.
 */
export async function searchFirst(a: Answer, messages: ChatMessage[]): Promise<ChatMessage[]> {
  const query = await writeQuery(a);
  let outcome;
  try {
    outcome = await webSearch(a.ctx, a.search!, query, a.controller.signal);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failure =
      error instanceof UpstreamError ? error : UpstreamError.transient(reason, 'network');
    throw failure.withText(
      Object.fromEntries(
        (['en-US', 'zh-CN', 'zh-TW'] as const).map((l) => [
          l,
          format(texts.searchFailed, l, { reason }),
        ]),
      ) as Record<Lang, string>,
    );
  }
  a.sources = outcome.sources;
  a.writer.write({ ...a.base, text: a.text, delta: '', sources: a.sources, done: false });
  const room = Math.max(
    600,
    (a.target.contextWindow - a.prompt.promptTokens - a.prompt.maxTokens) * 3,
  );
  const note: ChatMessage = { role: 'system', content: outcome.note.slice(0, room) };
  a.extraPromptTokens += countMessageTokens([note]);
  return [...messages.slice(0, -1), note, ...messages.slice(-1)];
}

/** Runs one tool call the model asked for (within the answer's bounds) and shows it. */
export async function runTool(a: Answer, call: ToolCallRequest): Promise<string> {
  const started = Date.now();
  const max = a.ctx.config.chat.toolMaxCalls;
  const tool = a.tools.find((t) => t.fnName === call.name);
  let ok = false;
  let result: string;
  if (a.toolRuns >= max) result = `Refused: an answer may make at most ${max} tool calls.`;
  else if (!tool) result = `There is no tool named ${call.name}.`;
  else {
    a.toolRuns++;
    let args: unknown;
    try {
      args = JSON.parse(call.arguments.trim() || '{}');
    } catch {
      args = null;
    }
    if (!args || typeof args !== 'object' || Array.isArray(args))
      result = 'The arguments are not a JSON object.';
    else {
      try {
        let client = a.mcp.get(tool.server.id);
        if (!client) {
          client = connectMcp(mcpTarget(a.ctx, tool.server), a.controller.signal);
          a.mcp.set(tool.server.id, client);
        }
        const r = await callMcpTool(
          await client,
          {
            name: tool.tool.name,
            arguments: args as Record<string, unknown>,
            timeoutMs: tool.server.timeout_ms,
          },
          a.controller.signal,
        );
        ok = r.ok;
        result = r.text;
      } catch (error) {
        result = `The tool server cannot be used: ${reasonOf(error)}`;
      }
    }
  }
  const shown: C.ToolCall = {
    id: call.id,
    name: call.name,
    arguments: call.arguments.slice(0, 4000),
    result: result.slice(0, 4000),
    ok,
    ms: Date.now() - started,
  };
  a.toolCalls.push(shown);
  a.writer.write({ ...a.base, text: a.text, delta: '', toolCalls: a.toolCalls, done: false });
  return shown.result;
}

/** The usages of several requests of one answer, added. */
export function addUsage(x: ChatUsage, y: ChatUsage): ChatUsage {
  const reasoning =
    x.reasoningTokens !== undefined || y.reasoningTokens !== undefined
      ? { reasoningTokens: (x.reasoningTokens ?? 0) + (y.reasoningTokens ?? 0) }
      : {};
  return {
    promptTokens: x.promptTokens + y.promptTokens,
    completionTokens: x.completionTokens + y.completionTokens,
    ...reasoning,
  };
}

/**
 * The answer's pictures become ours (and the user's works) before the answer is saved; its
 * text then links to our copies (docs/chat.md, Pictures in answers).
 */
export async function keepPictures(a: Answer): Promise<KeptPicture[]> {
  if (a.failure || !a.group || !a.logs.assistantLogId) return [];
  const { ctx } = a;
  const kept = await keepAnswerPictures(ctx, {
    userId: a.userId,
    prompt: a.question,
    groupId: a.group.id,
    text: a.text,
    parts: a.images,
    hosts: [...(a.target.host ? [a.target.host] : []), ...ctx.config.chat.pictureHosts],
  }).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'the pictures of a chat answer could not be kept');
    return { text: a.text, pictures: [] };
  });
  a.text = kept.text;
  return kept.pictures;
}
