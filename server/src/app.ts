import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { defaultHooks, GuestDataMovers, zeroBalance, type AppContext } from './context.js';
import type { Db } from './db/database.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerMetrics } from './http/metrics.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWeb } from './http/web.js';
import { loggerOptions } from './logger.js';
import { modules } from './modules/index.js';

/** ioredis is loaded only when Redis is configured: the embedded mode never pays for it. */
const loadRedis = (): typeof RedisClient =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient }).Redis;

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
    routerOptions: { ignoreTrailingSlash: true },
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
  app.decorateRequest('identity', null);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
    allowedHeaders: ['authorization', 'content-type', 'guestid', 'x-lang', 'x-request-id'],
  });
  const redis = config.redisUrl
    ? new (loadRedis())(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit().catch(() => redis.disconnect()));
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.global,
    timeWindow: '1 minute',
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atelier API',
        version: '0.1.0',
        description: 'Every call answers { code, success, message, data }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          guestId: { type: 'apiKey', in: 'header', name: 'Guestid' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerMetrics(app);
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    code: 200,
    success: true,
    message: 'ok',
    data: { status: 'ok' },
  }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.db.ping();
      return {
        code: 200,
        success: true,
        message: 'ok',
        data: { status: 'ready', database: ctx.db.dialect },
      };
    } catch (error) {
      app.log.error({ err: error }, 'readiness check failed: database unreachable');
      return reply
        .code(503)
        .send({ code: 503, success: false, message: 'database unreachable', data: null });
    }
  });

  await app.register(
    async (api) => {
      for (const module of modules) await module.routes(api);
    },
    { prefix: '/api' },
  );
  await registerWeb(app, config.webDist);
  return app;
}
