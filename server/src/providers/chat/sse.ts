import type { ChatChunk } from './types.js';
import type { UpstreamError } from '../errors.js';

/**
 * Server-sent events (the subset OpenAI-compatible servers send): `data:` lines, joined with a
 * newline within one event, dispatched at a blank line; comments and other fields are skipped;
 * LF, CRLF and CR line ends. Text arrives decoded, so split multi-byte characters are whole.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  constructor(private readonly onData: (data: string) => void) {}

  feed(text: string): void {
    const input = this.buffer + text;
    let start = 0;
    for (;;) {
      const lf = input.indexOf('\n', start);
      const cr = input.indexOf('\r', start);
      let end: number;
      let next: number;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        // A CR at the very end may be the first half of a CRLF: wait for the next read.
        if (cr === input.length - 1) break;
        end = cr;
        next = input[cr + 1] === '\n' ? cr + 2 : cr + 1;
      } else if (lf >= 0) {
        end = lf;
        next = lf + 1;
      } else break;
      this.line(input.slice(start, end));
      start = next;
    }
    this.buffer = input.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length) {
        const data = this.data.join('\n');
        this.data = [];
        this.onData(data);
      }
      return;
    }
    if (!line.startsWith('data:')) return;
    this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
  }
}

/**
 * What the adapter hands to the chat stream: chunks pushed as the network delivers them, read
 * with `for await`. Ending or failing wakes a waiting reader.
 */
export class ChunkQueue implements AsyncIterable<ChatChunk> {
  private readonly items: ChatChunk[] = [];
  private done = false;
  private error: UpstreamError | null = null;
  private wake: (() => void) | null = null;

  push(chunk: ChatChunk): void {
    this.items.push(chunk);
    this.notify();
  }
  end(): void {
    this.done = true;
    this.notify();
  }
  fail(error: UpstreamError): void {
    this.error = error;
    this.done = true;
    this.notify();
  }
  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /**
   * The chunks in the batches they came in (a network read's at once): one wake-up of the
   * reader per batch instead of one per chunk, which an answer of many small chunks feels.
   */
  async *batches(): AsyncGenerator<ChatChunk[]> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.splice(0);
        continue;
      }
      if (this.done) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ChatChunk> {
    for await (const batch of this.batches()) yield* batch;
  }
}

/** An adapter's chunks in batches: a ChunkQueue's as they came, any other's one by one. */
export function batchesOf(
  chunks: AsyncIterable<ChatChunk> | ChatChunk[],
): AsyncIterable<ChatChunk[]> {
  if (chunks instanceof ChunkQueue) return chunks.batches();
  return (async function* () {
    for await (const chunk of chunks) yield [chunk];
  })();
}
