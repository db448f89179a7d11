import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type ConfigInput } from '../config.js';
import { createDb } from '../db/database.js';
import { prepareDatabase } from '../boot.js';
import { checkLogLine, recordServerIncident } from './server-errors.js';

export { expectServerErrors } from './server-errors.js';

/**
 * The integration suite runs once on SQLite and once on PostgreSQL + Redis
 * (TEST_DB=postgres, set by `npm test` when they are reachable).
 */
export const testDialect: 'sqlite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, as parsed JSON and as raw text. */
  logs: { lines: () => string[] };
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: ConfigInput;
  /** Environment variables as a deployment would set them (e.g. ATELIER_CONFIG). */
  env?: NodeJS.ProcessEnv;
  /** Adds to the app before it is ready (a route of the test's own). */
  beforeReady?: (app: FastifyInstance) => void;
}

/** A whole app on a database of its own: a temp SQLite file, or a fresh PostgreSQL schema. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const isPg = testDialect === 'postgres';
  // A test may name another server (DATABASE_URL in its env).
  const databaseUrl = options.env?.DATABASE_URL ?? testDatabaseUrl;
  if (isPg) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${id}`);
    await client.end();
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('base64url'),
      // Every test signs up from 127.0.0.1: the per-IP gift limit is off unless a test sets it.
      SIGNUP_GIFTS_PER_IP: '0',
      GUEST_TRIALS_PER_IP: '0',
      // Tests call past the limits from one IP on purpose; the captcha's own tests turn it on.
      CAPTCHA_WHEN_ABUSE: 'false',
      // The example works and prompts of a first start (docs/works.md): none in tests.
      SEED_EXAMPLES: 'false',
      // A test reads a list right after changing it: no anonymous list is served from memory.
      PUBLIC_CACHE_SECONDS: '0',
      ...(isPg
        ? {
            DATABASE_URL: databaseUrl,
            DATABASE_SCHEMA: id,
            REDIS_URL: testRedisUrl,
            REDIS_PREFIX: `${id}:`,
          }
        : {}),
      ...options.env,
    },
    options.config,
  );
  const db = createDb({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    sqliteFile: path.join(dataDir, 'atelier.db'),
    poolSize: 5,
  });
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const written = chunk.toString('utf8').split('\n').filter(Boolean);
      lines.push(...written);
      // A log line of level ≥ 50 fails the running test unless it expects it (server-errors.ts).
      for (const line of written) checkLogLine(line);
      done();
    },
  });
  const app = await buildApp(config, { db, logStream });
  // So does any answer of 500 or more.
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 500)
      recordServerIncident({
        kind: 'answer',
        text: `${reply.statusCode} ${req.method} ${req.url.slice(0, 300)}`,
      });
  });
  options.beforeReady?.(app);
  await prepareDatabase(app.ctx);
  await app.ready();
  return {
    app,
    logs: { lines: () => [...lines] },
    async close() {
      await app.close();
      await db.destroy();
      if (isPg) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${id} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  data: T;
}

/** `app.inject` that parses the envelope and keeps the status. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ status: number; body: Envelope<T>; res: LightMyRequestResponse }> {
  const res = await app.inject(options);
  return { status: res.statusCode, body: res.json() as Envelope<T>, res };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const guest = (guestId: string) => ({ guestid: guestId });
