import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { defaultHooks, GuestDataMovers, zeroBalance, type AppContext } from './context.js';
import type { Db } from './db/database.js';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
} from './http/error-handler.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerInputLimits } from './http/input-limits.js';
import { registerMetrics } from './http/metrics.js';
import { registerProbes } from './http/probes.js';
import { registerJsonCompression } from './http/compress-json.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serializerCompiler } from './http/serializer.js';
import { registerWeb } from './http/web.js';
import { ipKey } from './lib/ip-key.js';
import { lazyRequestLogger, loggerOptions, OneLinePerRequest } from './logger.js';
import { modules } from './modules/index.js';
import { connectRedis } from './redis.js';

export interface BuildOptions {
  db: Db;
  /** Where log lines go (tests read them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application without listening; tests call it with their own database. */
export async function buildApp(config: AppConfig, options: BuildOptions): Promise<FastifyInstance> {
  const logger = loggerOptions(config);
  const app = Fastify({
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: options.db,
    log: app.log,
    guestData: new GuestDataMovers(),
    accountEvents: { guestCreated: [], registered: [] },
    balances: { read: zeroBalance },
    hooks: defaultHooks(),
    taskRunners: new Map(),
  };
  app.decorate('ctx', ctx);
  // The database's outages are written in the app's log, once each (lib/outage.ts).
  options.db.reportTo?.(app.log);
  app.decorateRequest('identity', null);
  // Set when the request comes in, not in an onSend hook: with no onSend hook Fastify skips its
  // hook runner on every answer. A header set here stays on error answers too.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  registerErrorHandling(app);
  registerInputLimits(app);

  registerSecurityHeaders(app);
  registerJsonCompression(app);
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
    allowedHeaders: ['authorization', 'content-type', 'guestid', 'x-lang', 'x-request-id'],
  });
  const redis = config.redisUrl ? connectRedis(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.global,
    timeWindow: '1 minute',
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
    // An IPv6 client counts by its /64: it could take a fresh address for every request.
    keyGenerator: (req) => ipKey(req.ip),
  });

  registerApiDocs(app);

  registerMetrics(app);
  registerProbes(app, ctx, redis);

  await app.register(
    async (api) => {
      for (const module of modules) await module.routes(api);
    },
    { prefix: '/api' },
  );
  for (const module of modules) module.pages?.(app);
  await registerWeb(app, config.webDist, (host) => app.ctx.hooks.sitePage(host));
  return app;
}
