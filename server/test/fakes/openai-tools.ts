/**
 * Tool calls and cited sources in the fake OpenAI upstream (openai.ts), as OpenAI's chat
 * completions streaming reference describes them and New API relays them unchanged
 * (QuantumNous/new-api, `dto/openai_response.go`: `ChatCompletionsStreamResponseChoiceDelta`
 * with `tool_calls []ToolCallResponse` of `index`, `id`, `type`, `function{name, arguments}`):
 * - the first chunk of a call carries `index`, `id`, `type: "function"` and the function's
 *   `name` with `arguments: ""`; the next ones only `index` and a piece of `arguments`;
 * - the choice ends with `finish_reason: "tool_calls"` and `content: null` in the first delta;
 * - the client sends the assistant message with `tool_calls` back, then one `role: "tool"`
 *   message per call (`tool_call_id`, `content`), and asks again.
 *
 * Model `fake-tools` asks for the calls of `toolPlan[round]` (round = how many assistant
 * messages with tool_calls the request already has) while the request offers `tools`, then
 * answers with what the tools said (citing [1] when the request holds web-search results). Model
 * `fake-cite` answers a request holding web-search
 * results (a system message starting "Web search results") with numbered citations.
 *
 * Any model asked, without streaming, to write a web search query (a first system message
 * starting "Write the web search query", the conversation as "User: …" / "Assistant: …" lines
 * in the user message) answers a query of its own: the last user line's words, lower case and
 * without punctuation, then "latest" — unless `queryFails`, when it answers OpenAI's 500.
 */
export interface PlannedCall {
  /** Default: the first tool offered. */
  name?: string;
  arguments: string;
}

export interface ToolSettings {
  toolPlan: PlannedCall[][];
  /** The query-writing call answers 500 (the server falls back to the user's text). */
  queryFails: boolean;
}

interface Message {
  role: string;
  content: unknown;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

type Tool = { type: string; function: { name: string } };

/** The calls to stream for this request, or null when the model answers in text. */
export function plannedCalls(
  body: { model: string; messages: Message[]; tools?: unknown },
  settings: ToolSettings,
): Array<{ id: string; name: string; arguments: string }> | null {
  if (body.model !== 'fake-tools') return null;
  const tools = Array.isArray(body.tools) ? (body.tools as Tool[]) : [];
  if (tools.length === 0) return null;
  const round = body.messages.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
  const plan = settings.toolPlan[round];
  if (!plan?.length) return null;
  return plan.map((c, i) => ({
    id: `call_${round}${i}_${Math.random().toString(36).slice(2, 10)}`,
    name: c.name ?? tools[0]!.function.name,
    arguments: c.arguments,
  }));
}

/** The text answer of `fake-tools` (what the tools said) and `fake-cite` (with citations). */
export function answerText(body: { model: string; messages: Message[] }, reply: string): string {
  const cited = body.messages.some(
    (m) =>
      m.role === 'system' &&
      typeof m.content === 'string' &&
      m.content.startsWith('Web search results'),
  );
  if (body.model === 'fake-tools') {
    const said = body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    return said.length ? `The tools said: ${said.join(' | ')}${cited ? ' [1]' : ''}` : reply;
  }
  if (body.model === 'fake-cite') {
    return cited
      ? 'The festival opens on the first Saturday of June [1], and lanterns float at nine [2].'
      : reply;
  }
  return reply;
}

/** The SSE chunks' deltas of streamed tool calls: name first, then the arguments in pieces. */
export function toolCallDeltas(
  calls: Array<{ id: string; name: string; arguments: string }>,
): Array<Record<string, unknown>> {
  const deltas: Array<Record<string, unknown>> = [];
  calls.forEach((call, index) => {
    deltas.push({
      ...(index === 0 ? { role: 'assistant', content: null } : {}),
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    });
    for (let i = 0; i < call.arguments.length; i += 5)
      deltas.push({
        tool_calls: [{ index, function: { arguments: call.arguments.slice(i, i + 5) } }],
      });
  });
  return deltas;
}

/** The query a non-streamed query-writing request gets, or null for any other request. */
export function writtenQuery(body: { stream?: boolean; messages: Message[] }): string | null {
  const first = body.messages[0];
  if (body.stream || first?.role !== 'system' || typeof first.content !== 'string') return null;
  if (!first.content.startsWith('Write the web search query')) return null;
  const said = body.messages.at(-1)?.content;
  const lines = typeof said === 'string' ? said.split('\n') : [];
  const last = lines.filter((l) => l.startsWith('User: ')).at(-1) ?? '';
  const words = last
    .slice('User: '.length)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim();
  return `${words} latest`;
}
