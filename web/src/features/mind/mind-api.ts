import { chat } from '@atelier/contracts';
import { apiStream } from '../../api/client';

/**
 * Streams a mind map's outline for `prompt` from `modelId`: each line carries the whole text so
 * far, an `error` if the upstream failed, and on the last line the caller's new balance.
 */
export const streamMindMap = (
  modelId: number,
  prompt: string,
  onLine: (line: chat.ChatStreamLine) => void,
  signal: AbortSignal,
) =>
  apiStream<typeof chat.streamMindMap, chat.ChatStreamLine>(chat.streamMindMap, {
    body: { gptModelId: modelId, prompt, options: { usingContext: false } },
    signal,
    onLine,
  });
