import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  pino,
  symbols,
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';
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

type LogArgs = [unknown, ...unknown[]];

/**
 * A request's logger (`req.log`), made a pino child with the request id bound only when
 * something logs through it. Most requests log nothing but the line `OneLinePerRequest` writes
 * itself, and making a child per request (its bindings walked for redaction and serialised)
 * was about 4 % of a getInfo's CPU under load.
 */
export class LazyRequestLogger {
  private made: Logger | null = null;

  constructor(
    /** The app's logger, which holds the destination. */
    readonly parent: Logger,
    private readonly bound: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): Logger {
    return (this.made ??= this.parent.child(this.bound, this.options));
  }

  /** pino's overloads take no spread; its methods accept any of them at run time. */
  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: LogArgs) {
    (this.log[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (!this.made && this.options.level === undefined) return this.parent.isLevelEnabled(level);
    return this.log.isLevelEnabled(level);
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.log.child(bindings, options);
  }

  bindings(): Bindings {
    return this.made ? this.made.bindings() : { ...this.parent.bindings(), ...this.bound };
  }

  flush(cb?: (err?: Error) => void): void {
    this.parent.flush(cb);
  }
}

/** Fastify's `childLoggerFactory`: a `LazyRequestLogger` per request. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // Fastify only calls the log methods, `child` and `level` of a request's logger.
  return new LazyRequestLogger(
    logger as unknown as Logger,
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
}

/** Whether `log` (a request's logger) writes lines at `level`. */
const enabled = (log: FastifyBaseLogger, level: string): boolean =>
  (log as unknown as Pick<Logger, 'isLevelEnabled'>).isLevelEnabled(level);

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
    else if (enabled(reply.log, 'info'))
      // The line holds no secret (the route is the pattern, or the path without its query),
      // so it skips the redaction every other line goes through: walking the redacted paths
      // was half the cost of logging a request in a profile of getInfo.
      this.plainFor(reply.log).info({ reqId: req.id, ...line }, 'request');
  }

  private plainFor(log: FastifyReply['log']): Logger {
    const root = log instanceof LazyRequestLogger ? log.parent : log;
    const stream = (root as unknown as Record<symbol, DestinationStream>)[symbols.streamSym]!;
    let plain = this.plain.get(stream);
    if (!plain) {
      plain = pino({ level: 'info' }, stream);
      this.plain.set(stream, plain);
    }
    return plain;
  }
}
