import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { forbidden } from './errors.js';

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Prometheus figures: request count and latency per route and status, plus the process's own.
 * /metrics is closed unless METRICS_TOKEN (as a Bearer token) or METRICS_PUBLIC opens it.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metricsToken, metricsPublic } = app.ctx.config;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const allowed =
        metricsPublic || (metricsToken !== undefined && safeEqual(auth, `Bearer ${metricsToken}`));
      if (!allowed) throw forbidden();
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
}
