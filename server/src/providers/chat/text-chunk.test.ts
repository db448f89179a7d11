import { describe, expect, it } from 'vitest';
import { textOfChunk } from './text-chunk.js';

/** A chunk as the OpenAI API streams it (and as test/fakes/openai.ts writes it). */
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_764_400_000,
    model: 'gpt-4o-mini',
    system_fingerprint: 'fp_1',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  });

describe('textOfChunk', () => {
  it('reads the text of a text-only chunk as JSON.parse would, escapes and all', () => {
    const texts = [
      'Hel',
      '',
      ' "quoted" \\ back\nslash\ttab',
      '中文 — ünïcödé 🎨',
      '\u0001\u001f control',
      '\ud800 lone',
      '{"choices":[{"index":0,"delta":{"content":"x"}}]}',
    ];
    for (const text of texts) {
      for (const extra of [{}, { usage: null }, { usage: null, obfuscation: 'aB3+/=' }]) {
        const data = chunk({ content: text }, extra);
        expect(textOfChunk(data)).toBe(
          (JSON.parse(data) as { choices: [{ delta: { content: string } }] }).choices[0].delta
            .content,
        );
      }
    }
    // Without logprobs, as the test fake writes it.
    expect(
      textOfChunk(
        '{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}],"usage":null}',
      ),
    ).toBe('hi');
  });

  it('leaves every other chunk to the full parse', () => {
    const others = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: null, reasoning_content: 'thinking' }),
      chunk({ content: 'a', reasoning: 'b' }),
      chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '' } }] }),
      chunk({ content: 'x' }, { usage: { prompt_tokens: 1, completion_tokens: 2 } }),
      chunk({ content: 'x' }, { error: { message: 'boom' } }),
      chunk({ content: [{ type: 'text', text: 'x' }] }),
      JSON.stringify({ error: 'e', choices: [{ index: 0, delta: { content: 'x' } }] }),
      JSON.stringify({ usage: null, choices: [{ index: 0, delta: { content: 'x' } }] }),
      JSON.stringify({
        choices: [{ index: 0, delta: { content: 'x' }, finish_reason: 'length' }],
      }),
      JSON.stringify({
        choices: [
          { index: 0, delta: { content: 'x' }, finish_reason: null },
          { index: 1, delta: { content: 'y' }, finish_reason: null },
        ],
      }),
      JSON.stringify({
        meta: { a: 1 },
        choices: [{ index: 0, delta: { content: 'x' }, finish_reason: null }],
      }),
      // Not JSON: the full parse says so.
      '{"id":x,"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}]}',
      '{"choices":[{"index":0,"delta":{"content":"bad \\q escape"},"finish_reason":null}]}',
      '{"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}]',
      JSON.stringify(chunk({ content: 'x' })),
      '[DONE]',
    ];
    for (const data of others) expect(textOfChunk(data)).toBeUndefined();
  });
});
