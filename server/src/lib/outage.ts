/**
 * The database or Redis going away (a restart, a failover, a network cut): telling those
 * failures from others, so that a request answers 503 in the user's language instead of 500,
 * and reporting each outage once (when it starts and when it ends) instead of once per
 * connection, per request or per worker loop (docs/deploy.md, "Outages").
 */

/** Node's socket errors of a peer that is gone or cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server going, gone or not yet back: class 08 (connection
 * exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting
 * up, shutting down), 53300 too many connections; and 57014, a statement cancelled by the
 * serving bound (`DATABASE_TIMEOUT_MS`): a server too slow to answer in time, or a lock held
 * by a session that stalled. The caller may try again shortly, as after an outage; it is
 * logged each time, not as an outage (`isStatementTimeout`).
 */
const PG_OUTAGE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014)$/;

/** A statement the server cancelled (57014): slow, not away; worth a line in the log each time. */
export const isStatementTimeout = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: unknown }).code === '57014';

/** What node-postgres, pg-pool, ioredis and BullMQ say, without a code, when the peer is gone. */
const OUTAGE_MESSAGES = [
  'Connection terminated', // node-postgres: "… unexpectedly", "… due to connection timeout"
  'timeout exceeded when trying to connect', // pg-pool: no connection within its timeout
  'timeout expired', // node-postgres: its own connect timeout, a server that lets nobody in
  'is not queryable', // node-postgres: a client whose connection failed
  'Query read timeout', // node-postgres query_timeout: no answer at all (db/database.ts)
  'Connection is closed', // ioredis, BullMQ
  "Stream isn't writeable", // ioredis without its offline queue, while disconnected
  'Command timed out', // ioredis commandTimeout
  'max retries per request', // ioredis MaxRetriesPerRequestError
];

/**
 * Whether `error` says the database or Redis cannot be reached right now (as opposed to a
 * query or command that is wrong). The error itself is read, not its cause: a failed fetch to
 * an upstream (a TypeError whose cause is ECONNREFUSED) is the upstream's failure, not ours.
 */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_OUTAGE_STATE.test(code)))
    return true;
  // Node's connect to every address of a name: each one refused.
  if (error instanceof AggregateError && error.errors.some(isOutage)) return true;
  return OUTAGE_MESSAGES.some((m) => error.message.includes(m));
}

/** Where an incident is written: the app's logger once there is one (pino's signature). */
export interface IncidentLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const stderrLog: IncidentLog = {
  warn: (details, message) => void process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  info: (details, message) => void process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};

/**
 * One dependency's outages as this process sees them: the first failure of an outage is
 * written (a warning), the others are not, until the dependency answers again (one line
 * saying for how long it was away). Every connection of the dependency reports here.
 */
export class Incident {
  private since: number | null = null;
  private log: IncidentLog = stderrLog;

  constructor(private readonly what: 'database' | 'redis') {}

  /** Writes to `log` from now on (the app's logger, once the app is built). */
  logTo(log: IncidentLog): void {
    this.log = log;
  }

  get down(): boolean {
    return this.since !== null;
  }

  /** A connection failed or was lost. */
  failed(error: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    const reason = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown } | null)?.code;
    this.log.warn(
      { dependency: this.what, reason, ...(typeof code === 'string' ? { code } : {}) },
      `${this.what} unreachable: requests that need it answer 503 until it is back`,
    );
  }

  /** A connection was made (or a command answered): the outage, if any, is over. */
  answered(): void {
    if (this.since === null) return;
    const downMs = Date.now() - this.since;
    this.since = null;
    this.log.info({ dependency: this.what, downMs }, `${this.what} reachable again`);
  }
}

/**
 * Waits for `work` at most `ms`, and never fails: for what is worth trying but not worth
 * waiting for (a wake-up of the task workers). Resolves true when `work` succeeded in time.
 */
export function bestEffort(work: () => Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    let started: Promise<unknown>;
    try {
      started = work();
    } catch {
      started = Promise.reject(new Error('failed to start'));
    }
    started.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

/**
 * For a Redis connection without an offline queue (a command fails at once while it is not
 * connected): what to await before a command, so that the first ones, sent while the
 * connection is still being made, wait for it (at most `ms`) instead of failing. A first
 * attempt that fails ends the wait: Redis is away, and commands fail at once from then on.
 */
export function firstConnection(
  redis: { status: string; once(event: 'ready' | 'error', listener: () => void): unknown },
  ms = 1000,
): () => Promise<unknown> {
  let settled = redis.status === 'ready';
  const first = new Promise<void>((resolve) => {
    const done = () => {
      settled = true;
      resolve();
    };
    redis.once('ready', done);
    redis.once('error', done);
  });
  return () => (settled ? Promise.resolve() : bestEffort(() => first, ms));
}
