import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Yaml from 'yaml';
import { z } from 'zod';
import { envKeys } from './config-env.js';

const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);
const list = z.union([
  z.array(z.string()),
  z.string().transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]);

/**
 * The settings. A nested section (`chat`, `tasks`, …) takes its defaults from its fields: an
 * absent section is parsed as `{}` (`prefault`), so each default is written once.
 */
export const configSchema = z.object({
  nodeEnv: z.enum(['development', 'production', 'test']).default('production'),
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address users and payment gateways reach this site at (notify and return URLs are built
   * on it); default `http://<host>:<port>`.
   */
  publicUrl: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://ai.example.com' })
    .optional(),
  /** Where the SQLite file, the files and the generated secret live in embedded mode. */
  dataDir: z.string().min(1).default('./data'),
  /** postgres://… for the scaled mode; absent: SQLite under dataDir. */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      message: 'must start with postgres:// (leave it unset to use SQLite)',
    })
    .optional(),
  /** PostgreSQL schema to use (tests isolate themselves with it). */
  databaseSchema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  /**
   * PostgreSQL: keep statements parsed on each pooled connection (named prepared statements).
   * Turn off behind a transaction-mode PgBouncer, which cannot keep them.
   */
  databasePrepare: bool.default(true),
  /**
   * PostgreSQL: the longest a statement of the API or a worker may run (ms); a server that
   * does not answer at all is given up half a second later (db/database.ts). 0: no bound.
   */
  databaseTimeoutMs: z.coerce.number().int().min(0).max(3_600_000).default(2500),
  /** redis://… for the scaled mode (rate limits shared across instances, BullMQ). */
  redisUrl: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
    .optional(),
  /** Prefix of every Redis key, so that several deployments (or test runs) can share one Redis. */
  redisPrefix: z.string().default('atelier:'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Origins allowed to call the API from another site (comma separated). */
  corsOrigins: list.default([]),
  /**
   * Other origins pictures may load from (`img-src`), e.g. a CDN holding the site's logo
   * (comma separated https:// origins). Pictures load from the site itself otherwise.
   */
  imgOrigins: list
    .default([])
    .pipe(
      z.array(z.string().regex(/^https:\/\/[^/\s'";,]+$/, { message: 'must be https://host' })),
    ),
  /** Trust X-Forwarded-* from a reverse proxy in front. */
  trustProxy: bool.default(false),
  /** Bearer token that opens /metrics; without it (or metricsPublic) /metrics answers 403. */
  metricsToken: z.string().min(16).optional(),
  /** Serve /metrics to anyone. */
  metricsPublic: bool.default(false),
  /** 32+ characters used to encrypt provider keys at rest; generated into dataDir when absent. */
  secretKey: z.string().min(32).optional(),
  sessionTtlDays: z.coerce.number().int().min(1).max(365).default(30),
  adminUsername: z.string().min(2).max(32).default('admin'),
  adminPassword: z.string().min(8).optional(),
  /** The built web app served by this process; empty to serve the API only. */
  webDist: z.string().default(''),
  /** IANA time zone used for the daily check-in and "today". */
  timeZone: z.string().default('Asia/Shanghai'),
  rateLimit: z
    .object({
      /** Requests per minute per IP on the sign-in and sign-up calls and guest creation. */
      auth: z.coerce.number().int().min(1).default(20),
      /** Requests per minute per IP on everything else. */
      global: z.coerce.number().int().min(1).default(1200),
    })
    .prefault({}),
  chat: z
    .object({
      /** Answers one user may stream at the same time. */
      userConcurrency: z.coerce.number().int().min(1).max(10_000).default(2),
      /** Let users' own (BYOK) endpoints reach loopback, link-local and private networks. */
      byokAllowPrivate: bool.default(false),
      /** Requests per minute per IP on chat-process and chat-mind. */
      rateLimit: z.coerce.number().int().min(1).default(60),
      /** The offline demo's pause between pieces of about three words (ms). */
      demoStepMs: z.coerce.number().int().min(0).max(5_000).default(15),
      /**
       * Let web search read result pages on loopback and private networks (docs/chat.md, Web
       * search). Only for tests: a search result can name any address.
       */
      webPagesAllowPrivate: bool.default(false),
      /** Tool calls one answer may make (docs/chat.md, Tools over MCP). */
      toolMaxCalls: z.coerce.number().int().min(1).max(20).default(4),
      /**
       * Hosts whose picture links in answers are copied into our storage (docs/chat.md,
       * "Pictures in answers"): `cdn.example.com`, or `*.example.com` for its subdomains. The
       * answer's own provider's host always is; any other link is left for a click.
       */
      pictureHosts: list.default([]),
    })
    .prefault({}),
  drawing: z
    .object({
      /**
       * One progress step of the offline demo (six steps make a drawing). A second a step lets
       * the screen's 2 s polling show the bar moving, as it does for a real drawing.
       */
      demoStepMs: z.coerce.number().int().min(1).max(60_000).default(1000),
      /** How often a running Midjourney task is polled (the notify hook usually comes first). */
      pollMs: z.coerce.number().int().min(10).max(600_000).default(3000),
    })
    .prefault({}),
  video: z
    .object({
      /** One of the offline demo's eight status steps (a clip takes about nine). */
      demoStepMs: z.coerce.number().int().min(1).max(60_000).default(1000),
      /** How often a running video is polled (callbacks usually come first); at least 5 s upstream. */
      pollMs: z.coerce.number().int().min(10).max(600_000).default(5000),
    })
    .prefault({}),
  music: z
    .object({
      /** How often a running Suno task is polled (New API's notify hook usually comes first). */
      pollMs: z.coerce.number().int().min(10).max(600_000).default(3000),
    })
    .prefault({}),
  separation: z
    .object({
      /** Largest audio file a user may upload to separate, in bytes. */
      uploadMaxBytes: z.coerce
        .number()
        .int()
        .min(1024)
        .max(500 * 1024 * 1024)
        .default(50 * 1024 * 1024),
      /** One progress step of the offline demo (four steps make a separation). */
      demoStepMs: z.coerce.number().int().min(1).max(60_000).default(700),
      /** How often a running upstream separation is polled. */
      pollMs: z.coerce.number().int().min(10).max(600_000).default(3000),
    })
    .prefault({}),
  /** Where files live: empty for local disk under dataDir/files, or s3+http(s)://KEY:SECRET@host/bucket?region=… */
  storageUrl: z
    .string()
    .regex(/^(s3|s3\+https?):\/\/[^:@/]+:[^@/]+@[^/]+\/[^/?]+/, {
      message: 'must look like s3+https://KEY:SECRET@host/bucket?region=us-east-1',
    })
    .optional(),
  tasks: z
    .object({
      /** Tasks one process runs at once. */
      workers: z.coerce.number().int().min(1).max(1000).default(8),
      /** Whether the API process runs workers: default yes without Redis, no with it (`npm run worker`). */
      runInApi: bool.optional(),
      /** Tasks of one user running at the same time. */
      userLimit: z.coerce.number().int().min(1).max(1000).default(3),
      /** A task still unfinished this long after its creation fails and is refunded. */
      timeoutMs: z.coerce
        .number()
        .int()
        .min(100)
        .max(7 * 24 * 3600_000)
        .default(30 * 60_000),
      /** One submit or poll call gives up (and is retried) after this long. */
      stepTimeoutMs: z.coerce.number().int().min(50).max(600_000).default(60_000),
      /** Retries of transient upstream errors before the task fails. */
      retries: z.coerce.number().int().min(0).max(50).default(4),
      /** First retry delay; doubled each time. */
      backoffMs: z.coerce.number().int().min(1).max(600_000).default(2000),
      /** A worker's claim on a task; renewed while a step runs, taken over when it lapses. */
      leaseMs: z.coerce.number().int().min(100).max(600_000).default(30_000),
      /** How often an idle worker looks for due tasks (wake-ups usually come first). */
      idlePollMs: z.coerce.number().int().min(10).max(60_000).default(1000),
      /**
       * How long a task that failed by its timeout, with a job still upstream, is watched for
       * a late result (kept, charged 0: modules/tasks/late.ts); 0 turns the watch off.
       */
      lateWatchMs: z.coerce
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 3600_000)
        .default(24 * 3600_000),
      /** How often a watched task is polled (a callback brings its result sooner). */
      latePollMs: z.coerce
        .number()
        .int()
        .min(10)
        .max(24 * 3600_000)
        .default(60_000),
    })
    .prefault({}),
  /**
   * Example works and market prompts made at first start (docs/works.md): off for the tests'
   * many apps (server harness and e2e set it), on otherwise.
   */
  examples: z.object({ seed: bool.default(true) }).prefault({}),
  /** Seconds an anonymous public list is served from memory (http/public-cache.ts); 0: never. */
  publicCacheSeconds: z.coerce.number().int().min(0).max(300).default(5),
  signup: z
    .object({
      /**
       * Sign-ups from one IP a day that receive the sign-up gift (and carry the guest trial
       * over); each device (guest id) gets it once. Past it, sign-ups from that IP wait a
       * delay that doubles from 15 s to an hour. 0: no limit, no delay.
       */
      giftsPerIp: z.coerce.number().int().min(0).max(100_000).default(3),
      /** Guests a day per IP given the trial (docs/security.md, Guests); 0: no limit. */
      guestTrialsPerIp: z.coerce.number().int().min(0).max(100_000).default(5),
      /**
       * Let OpenID Connect issuers (docs/identity.md) be on loopback, link-local or private
       * networks: only for a provider on the operator's own network (and the tests' fake).
       */
      oidcAllowPrivate: bool.default(false),
      /**
       * Ask a proof-of-work captcha of an IP for an hour after it met a sign-in, sign-up or
       * code limit (docs/identity.md, Captcha). On by default: a visitor who meets no limit
       * never sees it, and an IP that does is slowed by a proof of work its browser solves.
       */
      captcha: bool.default(true),
      /**
       * WeChat's API (docs/identity.md, WeChat): `cgi-bin/stable_token` and `qrcode/create`,
       * and where the QR pictures are (`showqrcode`). Changed only for a proxy or a test fake.
       */
      wechatApiBase: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
      wechatQrBase: z.url({ protocol: /^https?$/ }).default('https://mp.weixin.qq.com'),
      /**
       * GitHub sign-in (docs/identity.md, GitHub): where `login/oauth/authorize` and
       * `login/oauth/access_token` are, and the REST API (`/user`, `/user/emails`). Changed
       * only for a test fake; the URL guard still applies unless OIDC_ALLOW_PRIVATE is set.
       */
      githubBase: z.url({ protocol: /^https?$/ }).default('https://github.com'),
      githubApiBase: z.url({ protocol: /^https?$/ }).default('https://api.github.com'),
      /**
       * Where a site's hosted captcha (docs/identity.md, Captcha) is checked: Cloudflare
       * Turnstile's and hCaptcha's siteverify. Changed only for a proxy or a test fake.
       */
      turnstileVerifyUrl: z
        .url({ protocol: /^https?$/ })
        .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
      hcaptchaVerifyUrl: z
        .url({ protocol: /^https?$/ })
        .default('https://api.hcaptcha.com/siteverify'),
    })
    .prefault({}),
  files: z
    .object({
      /** Largest upload in bytes. */
      uploadMaxBytes: z.coerce
        .number()
        .int()
        .min(1024)
        .max(200 * 1024 * 1024)
        .default(10 * 1024 * 1024),
      /** Uploads per minute per IP; also the limit of every other call that writes files. */
      uploadRateLimit: z.coerce.number().int().min(1).default(30),
      /**
       * Bytes of stored files one user may have (uploads, results, derived pictures); an
       * upload or a free derived file past it answers 413. 0: no quota.
       */
      userQuotaBytes: z.coerce
        .number()
        .int()
        .min(0)
        .default(1024 * 1024 * 1024),
      /** How long a signed link to a private file stays valid. */
      linkTtlSeconds: z.coerce
        .number()
        .int()
        .min(60)
        .max(365 * 86400)
        .default(7 * 86400),
      /**
       * With S3 storage, files of at least this many bytes are served by a redirect to a
       * presigned link of the bucket (large videos leave without passing through the API);
       * 0: every file passes through the API.
       */
      bucketLinkMinBytes: z.coerce.number().int().min(0).default(0),
    })
    .prefault({}),
});

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Atelier cannot start: the configuration is not valid.\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

function envVarOf(configPath: string): string | undefined {
  return Object.entries(envKeys).find(([, key]) => key === configPath)?.[0];
}

function readYaml(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `ATELIER_CONFIG names ${file}, which cannot be read (${(error as Error).message}).`,
    ]);
  }
  // Loaded only when a config file is named (@fastify/swagger, for the API docs, still loads
  // the package at start today; this read no longer does).
  const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;
  const parsed: unknown = yaml.parse(text);
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError([
      `${file} must hold a YAML mapping of settings (see docs/configuration.md).`,
    ]);
  }
  return parsed as Record<string, unknown>;
}

/**
 * Reads the configuration once: the YAML file named by ATELIER_CONFIG, then the environment
 * on top of it. Every problem is reported at once, named by the variable a person would set.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: ConfigInput = {},
): Config & { extra: Record<string, unknown> } {
  const fromFile = env.ATELIER_CONFIG ? readYaml(env.ATELIER_CONFIG) : {};
  const raw: Record<string, unknown> = structuredClone(fromFile);
  for (const [variable, key] of Object.entries(envKeys)) {
    const value = env[variable];
    if (value !== undefined && value !== '') setPath(raw, key, value);
  }
  const merged = { ...raw, ...overrides };
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const variable = envVarOf(key);
        const name = variable ? `${variable} (${key})` : key || '(root)';
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const known = new Set(Object.keys(configSchema.shape));
  const extra = Object.fromEntries(Object.entries(merged).filter(([k]) => !known.has(k)));
  const { host, port } = result.data;
  const publicUrl = (result.data.publicUrl ?? `http://${host}:${port}`).replace(/\/+$/, '');
  return { ...result.data, dataDir: path.resolve(result.data.dataDir), publicUrl, extra };
}

export type AppConfig = ReturnType<typeof loadConfig>;
