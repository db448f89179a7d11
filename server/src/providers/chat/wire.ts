/* Parts of the OpenAI-compatible wire format that openai.ts reads: tool calls and error bodies. */

/**
 * A piece of a tool call in a streamed delta (OpenAI's chat completions streaming reference,
 * `choices[].delta.tool_calls[]`): the first piece of each call has its `index`, `id`, `type`
 * and `function.name` with empty `arguments`; the next ones only `index` and a piece of
 * `function.arguments` to append. A whole answer's `message.tool_calls[]` has each call whole.
 */
export interface UpstreamToolCall {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** Joins the pieces of streamed tool calls by their index. */
export class ToolCallAssembler {
  private calls = new Map<number, { id: string; name: string; arguments: string }>();

  add(pieces: UpstreamToolCall[] | null | undefined): void {
    if (!Array.isArray(pieces)) return;
    for (const [i, piece] of pieces.entries()) {
      const index = typeof piece.index === 'number' ? piece.index : i;
      let call = this.calls.get(index);
      if (!call) this.calls.set(index, (call = { id: '', name: '', arguments: '' }));
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name += piece.function.name;
      if (piece.function?.arguments) call.arguments += piece.function.arguments;
    }
  }

  any(): boolean {
    return this.calls.size > 0;
  }

  take(): Array<{ id: string; name: string; arguments: string }> {
    const out = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }));
    this.calls.clear();
    return out;
  }
}

/** The readable part of an error body: `{error:{message}}`, older vLLM's `{message}`, or text. */
export function errorMessage(text: string, statusMessage: string | undefined): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = errorText(parsed.error) ?? errorText(parsed);
    if (message) return message.slice(0, 300);
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return (text.trim() || statusMessage || 'no details').slice(0, 300);
}

export function errorText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (
    value &&
    typeof value === 'object' &&
    typeof (value as { message?: unknown }).message === 'string'
  )
    return (value as { message: string }).message;
  return undefined;
}
