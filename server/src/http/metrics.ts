import { timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type * as PromClient from 'prom-client';
import { forbidden } from './errors.js';

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Prometheus figures: request count and latency per route and status, plus the process's own.
 * /metrics is closed unless METRICS_TOKEN (as a Bearer token) or METRICS_PUBLIC opens it; when
 * neither does, nobody can read them, so nothing is collected and prom-client (about 11 MB) is
 * never loaded.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metricsToken, metricsPublic } = app.ctx.config;
  const open = metricsPublic || metricsToken !== undefined;
  const collect = open ? startCollecting(app) : null;

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const allowed =
        metricsPublic || (metricsToken !== undefined && safeEqual(auth, `Bearer ${metricsToken}`));
      if (!allowed || !collect) throw forbidden();
      reply.header('content-type', collect.contentType);
      return collect.metrics();
    },
  );
}

function startCollecting(app: FastifyInstance): PromClient.Registry {
  const { Histogram, Registry, collectDefaultMetrics } = createRequire(import.meta.url)(
    'prom-client',
  ) as typeof PromClient;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  // A callback hook, not an async one: no promise and microtask on every answer.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  return registry;
}
