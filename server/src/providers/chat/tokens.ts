import type { ChatMessage } from './types.js';

/**
 * The token estimator used when an upstream reports no usage (the demo provider, a client that
 * left mid-answer): every CJK character (Han, kana, Hangul) counts 1 token; other text counts
 * 1 token per 4 characters, rounded up per run; each message adds 4 tokens of framing and an
 * image part 85 tokens (OpenAI's low-detail cost). It is close to cl100k for English prose and
 * errs high for Chinese, so an estimate never charges less than real use would by much.
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

export function countTokens(text: string): number {
  let tokens = 0;
  let run = 0;
  for (const ch of text) {
    if (CJK.test(ch)) {
      tokens += Math.ceil(run / 4) + 1;
      run = 0;
    } else run++;
  }
  return tokens + Math.ceil(run / 4);
}

export function countMessageTokens(messages: ChatMessage[]): number {
  let total = 2;
  for (const m of messages) {
    total += 4;
    if (typeof m.content === 'string') total += countTokens(m.content);
    else for (const part of m.content) total += part.type === 'text' ? countTokens(part.text) : 85;
  }
  return total;
}
