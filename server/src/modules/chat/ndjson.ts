import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * How long lines after the first wait to leave together. A model writes a token every 10 to
 * 50 ms, so a reader sees no difference; an upstream that sends its answer in a burst (a fast
 * or a loaded one, or one behind a relay that buffers) costs one socket write per window
 * instead of one per network read it arrived in (bench/chat-stream.mjs: each write is a
 * syscall and a pass through the HTTP and stream layers, the largest part of the relay's CPU).
 */
export const LINE_BATCH_MS = 8;

/**
 * One JSON object per line on a streamed reply. The first line leaves at once, since time to
 * first byte matters most; the next ones are gathered for up to LINE_BATCH_MS and leave in one
 * write. `flush()` sends what is pending at once (before the settlement, and at the end).
 */
export class NdjsonWriter<Line> {
  readonly out = new PassThrough();
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  private wroteFirst = false;

  constructor(private readonly reply: FastifyReply) {}

  /** Sets the headers and hands the stream to Fastify. */
  send(): FastifyReply {
    return this.reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(this.out);
  }

  write(line: Line): void {
    this.writeJson(JSON.stringify(line));
  }

  /** Writes a line already serialised (one JSON object, without the newline). */
  writeJson(json: string): void {
    this.pending += `${json}\n`;
    if (!this.wroteFirst) {
      // Node corks the socket until the next tick, which waits for every chunk of this network
      // read to be relayed; uncorking sends the first line now.
      this.wroteFirst = true;
      this.flush();
      const socket = this.reply.raw.socket;
      if (socket?.writableCorked) socket.uncork();
      return;
    }
    this.timer ??= setTimeout(this.flush, LINE_BATCH_MS);
  }

  /** Sends what is pending now. */
  readonly flush = (): void => {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending && !this.out.destroyed) this.out.write(this.pending);
    this.pending = '';
  };

  end(): void {
    // The last lines reach the socket now and the body's end a tick later (the stream's end
    // event): corked until then, both leave in one write.
    const res = this.reply.raw;
    const socket = res.headersSent && !res.destroyed ? res.socket : null;
    socket?.cork();
    this.flush();
    this.out.end();
    if (socket) setImmediate(() => socket.uncork());
  }
}
