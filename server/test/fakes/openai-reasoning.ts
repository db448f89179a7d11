/**
 * What the OpenAI fake (`openai.ts`) does for reasoning models, following the real services:
 *
 * - OpenAI's o-series and gpt-5 refuse `max_tokens` with a 400 of `code: unsupported_parameter`
 *   (openai/openai-node `src/resources/chat/completions/completions.ts`: `max_tokens` "is not
 *   compatible with o-series models", `max_completion_tokens` includes reasoning tokens), and
 *   sampling settings other than the default with `code: unsupported_value`. New API
 *   (QuantumNous/new-api `relay/channel/openai/adaptor.go`, `ConvertOpenAIRequest`) renames
 *   `max_tokens` to `max_completion_tokens` for `o*` and `gpt-5*` and drops their temperature.
 * - DeepSeek's `deepseek-reasoner` (api-docs.deepseek.com, guides/reasoning_model, and the
 *   Create Chat Completion reference) streams `delta.reasoning_content` (with `content: null`)
 *   before `delta.content`, reports `usage.completion_tokens_details.reasoning_tokens` inside
 *   `completion_tokens`, and answers 400 when `reasoning_content` is sent back in `messages`.
 *   vLLM and OpenRouter name the delta field `reasoning`.
 * - `finish_reason` is `length` at the token limit and `content_filter` when the filter omitted
 *   content (openai-node, `ChatCompletionChunk.Choice.finish_reason`).
 *
 * By model name: `o1…`/`o3…`/`o4…`/`gpt-5…` (also behind a `vendor/` prefix) refuse
 * `max_tokens`, and a `temperature`/`top_p` other than 1; names in `refuseMaxTokens` refuse
 * `max_tokens` too, names in `refuseMaxCompletionTokens` refuse `max_completion_tokens` and
 * take `max_tokens` whatever their family (an older server); a name containing `reasoner` streams `reasoning_content`, one containing
 * `relay-reasoning` streams `reasoning`; `fake-length` / `fake-filter` end with that reason.
 */
export interface ReasoningSettings {
  /** Model names that refuse `max_tokens` whatever their family. */
  refuseMaxTokens: Set<string>;
  /** Model names that refuse `max_completion_tokens`. */
  refuseMaxCompletionTokens: Set<string>;
  /** What reasoning models think before they answer. */
  reasoning: string;
  /** The reasoning tokens their usage reports (inside `completion_tokens`). */
  reasoningTokens: number;
  /** True: no usage chunk even when `stream_options.include_usage` asks (older servers). */
  withholdUsage: boolean;
  /**
   * When set, a reasoning model's stream waits for it between its thinking and its answer (a
   * test watches the thinking on screen, then lets the answer come).
   */
  thinkingGate: Promise<void> | null;
}

const isOpenAIReasoning = (model: string) => {
  const name = model.toLowerCase().split('/').pop() ?? '';
  return /^o\d/.test(name) || name.startsWith('gpt-5');
};

const unsupported = (param: string, message: string, code: string) => ({
  status: 400,
  body: JSON.stringify({ error: { message, type: 'invalid_request_error', param, code } }),
});

/** OpenAI's refusal of the request's parameters, or null when it takes them. */
export function refusalOf(
  body: Record<string, unknown> & { model: string },
  settings: ReasoningSettings,
): { status: number; body: string } | null {
  // A name in `refuseMaxCompletionTokens` is served by an older server that takes only max_tokens.
  const family =
    isOpenAIReasoning(body.model) && !settings.refuseMaxCompletionTokens.has(body.model);
  if (body.max_tokens !== undefined && (family || settings.refuseMaxTokens.has(body.model)))
    return unsupported(
      'max_tokens',
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      'unsupported_parameter',
    );
  if (
    body.max_completion_tokens !== undefined &&
    settings.refuseMaxCompletionTokens.has(body.model)
  )
    return unsupported(
      'max_completion_tokens',
      "Unsupported parameter: 'max_completion_tokens' is not supported with this model. Use 'max_tokens' instead.",
      'unsupported_parameter',
    );
  if (family)
    for (const param of ['temperature', 'top_p'])
      if (body[param] !== undefined && body[param] !== 1)
        return unsupported(
          param,
          `Unsupported value: '${param}' does not support ${String(body[param])} with this model. Only the default (1) value is supported.`,
          'unsupported_value',
        );
  return null;
}

/** The delta field a model streams its reasoning in, or null for a model that shows none. */
export function reasoningFieldOf(model: string): 'reasoning_content' | 'reasoning' | null {
  if (model.includes('relay-reasoning')) return 'reasoning';
  if (model.includes('reasoner')) return 'reasoning_content';
  return null;
}

/** DeepSeek answers 400 to a `reasoning_content` sent back in the messages. */
export function echoedReasoning(messages: Array<Record<string, unknown>>): boolean {
  return messages.some((m) => m.reasoning_content !== undefined || m.reasoning !== undefined);
}

export const finishReasonOf = (model: string): string =>
  model === 'fake-length' ? 'length' : model === 'fake-filter' ? 'content_filter' : 'stop';
