import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, symbols, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

/**
 * Never logged: credentials in headers, passwords, tokens, keys and secrets anywhere in a
 * logged object (the auth flow test reads every log line to hold this).
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.guestid',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.token_hash',
  '*.code',
  '*.challenge',
  '*.apiKey',
  '*.secret',
  '*.secretKey',
  '*.accessKeySecret',
  '*.appSecret',
  'config.secretKey',
  'config.adminPassword',
];

export function loggerOptions(config: AppConfig): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        ip?: string;
        headers: Record<string, unknown>;
      }) => ({
        method: req.method,
        url: req.url,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    },
  };
}

/**
 * One log line per request, at `info` once it is answered (error when the answer failed):
 * method, route (the pattern, or the path without its query when no route matched), status and
 * time in ms, with the request id. Fastify's default writes two (received, completed).
 */
export class OneLinePerRequest extends LogController {
  /** Per destination: a logger without redaction for the request lines (see requestCompleted). */
  private readonly plain = new WeakMap<object, Logger>();

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(req)) return;
    const line = {
      method: req.method,
      route: req.routeOptions.url ?? req.url.split('?', 1)[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else if ((reply.log as unknown as Logger).isLevelEnabled('info'))
      // The line holds no secret (the route is the pattern, or the path without its query),
      // so it skips the redaction every other line goes through: walking the redacted paths
      // was half the cost of logging a request in a profile of getInfo.
      this.plainFor(reply.log).info({ reqId: req.id, ...line }, 'request');
  }

  private plainFor(log: FastifyReply['log']): Logger {
    const stream = (log as unknown as Record<symbol, DestinationStream>)[symbols.streamSym]!;
    let plain = this.plain.get(stream);
    if (!plain) {
      plain = pino({ level: 'info' }, stream);
      this.plain.set(stream, plain);
    }
    return plain;
  }
}
