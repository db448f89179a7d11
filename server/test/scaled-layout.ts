import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../src/config.js';
import { createPrice } from '../src/modules/credits/prices.js';

/*
 * The scaled layout (docs/scaling.md) as real processes: API processes (the real entry point,
 * src/main.ts) and task worker processes (task-worker-entry.ts), all on one database schema
 * and one Redis prefix, each with its own memory (multi-instance.test.ts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
}

export class ScaledLayout {
  readonly apis: ApiProcess[] = [];
  readonly children: ChildProcess[] = [];

  /**
   * `config`: the test app's (its database, schema, Redis, secret); `configFile`: atelier.yaml;
   * `via`: where the processes reach the database and Redis instead of the test app's URLs
   * (the proxies in front of them that the outages cut, tcp-proxy.ts).
   */
  constructor(
    private readonly config: AppConfig,
    private readonly configFile: string,
    private readonly via: { databaseUrl?: string; redisUrl?: string } = {},
  ) {}

  /** The name a child's database connections carry (pg_stat_activity.application_name). */
  readonly appNames = new Map<ChildProcess, string>();

  spawn(entry: string, extra: Record<string, string>): ChildProcess {
    const c = this.config;
    const appName = `atelier-test-${this.children.length}`;
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: c.dataDir,
        SECRET_KEY: c.secretKey,
        DATABASE_URL: this.via.databaseUrl ?? c.databaseUrl,
        DATABASE_SCHEMA: c.databaseSchema,
        REDIS_URL: this.via.redisUrl ?? c.redisUrl,
        REDIS_PREFIX: c.redisPrefix,
        ATELIER_CONFIG: this.configFile,
        CHAT_USER_CONCURRENCY: '2',
        DRAWING_POLL_MS: '40',
        // Short, so that a killed process's tasks go to the survivors in seconds; not so short
        // that a busy machine's stalled heartbeat lets a live worker's task go to another.
        TASK_LEASE_MS: '2000',
        TASK_IDLE_POLL_MS: '200',
        TASK_BACKOFF_MS: '20',
        TASK_STEP_TIMEOUT_MS: '3000',
        PGAPPNAME: appName,
        // As the in-process test apps (harness.ts): the examples' drawings would count among
        // the tests' own.
        SEED_EXAMPLES: 'false',
        ...extra,
      },
      cwd: path.join(here, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.children.push(child);
    this.appNames.set(child, appName);
    return child;
  }

  /** An API process on `port`; resolves once it listens. */
  async startApi(port: number, publicUrl: string): Promise<ApiProcess> {
    const child = this.spawn(path.join(here, '..', 'src', 'main.ts'), {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      TASK_RUN_IN_API: 'false',
      // Behind the load balancer: each user's own address counts for the rate limits.
      TRUST_PROXY: 'true',
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('Atelier is running')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`API process exited ${code}`)));
    });
    const api = { url: `http://127.0.0.1:${port}`, child };
    this.apis.push(api);
    return api;
  }

  /** A task worker process (see worker-process.ts for `ready`). */
  startWorker(): ChildProcess {
    return this.spawn(path.join(here, 'task-worker-entry.ts'), { TASK_WORKERS: '4' });
  }
}

/** An atelier.yaml with a slow chat model on a fake OpenAI and drawings on a fake proxy. */
export function writeLayoutConfig(
  file: string,
  fakes: { openai: string; mj: string; mjSecret: string; mjLimit: number },
): void {
  fs.writeFileSync(
    file,
    [
      'providers:',
      '  - name: fake',
      '    protocol: openai',
      `    baseUrl: ${fakes.openai}`,
      '    apiKey: sk-fake-provider-key',
      '    timeoutMs: 10000',
      '  - name: mj-fake',
      '    protocol: midjourney',
      `    baseUrl: ${fakes.mj}`,
      `    apiKey: ${fakes.mjSecret}`,
      `    concurrency: ${fakes.mjLimit}`,
      'models:',
      '  - name: Slow',
      '    provider: fake',
      '    upstreamModel: fake-slow',
      '    priceKey: fake-chat:chat',
      '    contextWindow: 4096',
      '    maxOutput: 500',
      '  - name: MJ fake',
      '    provider: mj-fake',
      '    upstreamModel: trueai',
      '    kind: image',
      '    priceKey: fakemj:imagine',
    ].join('\n'),
  );
}

export const modelNamed = async (app: FastifyInstance, name: string) =>
  (
    await app.ctx.db.kysely
      .selectFrom('chat_models')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

/** A POST as a user behind the load balancer (`from`: the user's address). */
export const post = (
  base: string,
  route: string,
  token: string,
  body: unknown,
  from = '10.0.0.1',
  signal?: AbortSignal,
) =>
  fetch(`${base}/api${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-lang': 'en-US',
      'x-forwarded-for': from,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

/** The prices of the two fake models of `writeLayoutConfig`. */
export async function createLayoutPrices(app: FastifyInstance, mjPrice: number): Promise<void> {
  const db = app.ctx.db.kysely;
  await createPrice(db, {
    model: 'fake-chat',
    action: 'chat',
    category: 'chat',
    label: 'Fake chat',
    unit: '1k_tokens',
    inputPer1k: 100,
    outputPer1k: 200,
  });
  await createPrice(db, {
    model: 'fakemj',
    action: 'imagine',
    category: 'image',
    label: 'Fake imagine',
    credits: mjPrice,
  });
}
