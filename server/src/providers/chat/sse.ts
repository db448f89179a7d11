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

  async *[Symbol.asyncIterator](): AsyncIterator<ChatChunk> {
    let read = 0;
    for (;;) {
      if (read < this.items.length) {
        yield this.items[read++]!;
        continue;
      }
      // Caught up: what was read is let go.
      this.items.length = 0;
      read = 0;
      if (this.done) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
