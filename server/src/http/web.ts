import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './error-handler.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html and version.json
 * never cached, and every other non-API GET answered with index.html (client-side routes).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  if (!webDist || !fs.existsSync(indexFile)) {
    app.setNotFoundHandler(apiNotFound);
    if (webDist) app.log.warn({ webDist: root }, 'web app not built: serving the API only');
    return;
  }
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, file) {
      const rel = path.relative(root, file);
      if (rel.startsWith('assets'))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET')
      return apiNotFound(req, reply);
    // A missing hashed asset is a real 404, not the app (a stale tab would otherwise parse HTML as JS).
    if (url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
