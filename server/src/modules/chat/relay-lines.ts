import { batchesOf, type ChatChunk, type ToolCallRequest } from '../../providers/chat/index.js';
import type { Answer } from './answer.js';
import { addUsage } from './answer-rounds.js';

/**
 * A line per piece of text or thinking (the chunks taken a network read at a time), repeating the
 * whole text (a thinking line the whole thinking) so far, kept escaped and grown by each piece's
 * escape. A text line is JSON.stringify({ ...a.base, text, delta, done: false }); a thinking line
 * adds `reasoning` and `reasoningDelta` after `delta: ''`.
 */
export async function relayChunks(
  a: Answer,
  chunks: AsyncIterable<ChatChunk> | ChatChunk[],
): Promise<ToolCallRequest[]> {
  const head = `{"id":${a.base.id},"groupId":${a.base.groupId},"text":"`;
  // After a tool round the text goes on from what was shown.
  let escaped = JSON.stringify(a.text).slice(1, -1);
  let escapedThought = JSON.stringify(a.reasoning).slice(1, -1);
  let calls: ToolCallRequest[] = [];
  let shown = a.text !== '' || a.reasoning !== '';
  for await (const batch of batchesOf(chunks)) {
    let ended = false;
    for (const chunk of batch) {
      if ('delta' in chunk) {
        if (a.thinking.since !== null) a.thinking.ms ??= Date.now() - a.thinking.since;
        a.text += chunk.delta;
        const delta = JSON.stringify(chunk.delta);
        escaped += delta.slice(1, -1);
        a.writer.writeJson(`${head}${escaped}","delta":${delta},"done":false}`);
      } else if ('reasoning' in chunk) {
        a.thinking.since ??= Date.now();
        a.reasoning += chunk.reasoning;
        const delta = JSON.stringify(chunk.reasoning);
        escapedThought += delta.slice(1, -1);
        a.writer.writeJson(
          `${head}${escaped}","delta":"","reasoning":"${escapedThought}","reasoningDelta":${delta},"done":false}`,
        );
      } else if ('image' in chunk) a.images.push(chunk.image);
      else if ('usage' in chunk) {
        a.usages++;
        a.usage = a.usage ? addUsage(a.usage, chunk.usage) : chunk.usage;
        ended = true;
      } else if ('toolCalls' in chunk) calls = chunk.toolCalls;
      else a.cut = chunk.finish;
    }
    // The first text (or thought) leaves with the read that brought it, not 8 ms later; with
    // the last line when that read also ended the answer (the usage comes last).
    if (!shown && (a.text !== '' || a.reasoning !== '')) {
      shown = true;
      if (!ended) a.writer.flush();
    }
  }
  return calls;
}
