import type { ServerResponse } from 'node:http';
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
 *
 * Fastify is handed an empty `PassThrough`: it sets the reply's headers on the response and
 * pipes the stream to it, which runs its hooks (request id, metrics, the log line) and ends the
 * response when the stream ends. The lines themselves are written to the response directly once
 * the pipe is in place: through the stream each line cost a pass through its buffering (a
 * Buffer made of each string, its read and its emit), about a tenth of the relay's CPU.
 */
export class NdjsonWriter<Line> {
  readonly out = new PassThrough();
  /** The response, once Fastify has set its headers and piped `out` to it. */
  private res: ServerResponse | null = null;
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  private wroteFirst = false;

  constructor(private readonly reply: FastifyReply) {
    reply.raw.once('pipe', () => {
      if (this.out.writableEnded) return;
      this.res = reply.raw;
      if (this.pending && !this.timer) this.flush();
    });
  }

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
      this.wroteFirst = true;
      this.flush();
      return;
    }
    this.timer ??= setTimeout(this.flush, LINE_BATCH_MS);
  }

  /** Sends what is pending now (once the response is piped; else as soon as it is). */
  readonly flush = (): void => {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const res = this.res;
    if (!res || !this.pending) return;
    // The HTTP layer corks the socket until the next tick: what one tick writes leaves together.
    if (!res.destroyed && !res.writableEnded) res.write(this.pending);
    this.pending = '';
  };

  end(): void {
    if (!this.res) {
      // Ended before Fastify piped the stream (a call refused at once): the lines go through it.
      this.flush(); // only stops the timer
      if (this.pending) this.out.write(this.pending);
      this.pending = '';
      this.out.end();
      return;
    }
    // The last lines reach the socket now and the body's end a tick later (the stream's end
    // event, then the pipe's `res.end()`): corked until then, both leave in one write.
    const socket = this.res.destroyed ? null : this.res.socket;
    socket?.cork();
    this.flush();
    this.out.end();
    if (socket) setImmediate(() => socket.uncork());
  }
}
