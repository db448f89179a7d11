import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  envelope,
  type BodyOut,
  type DataIn,
  type Endpoint,
  type QueryOut,
} from '@atelier/contracts';
import type { Identity } from './identity.js';
import { authorize, carriesCredentials } from './identity.js';
import { auditBefore, isAudited, recordAudit } from './audit.js';
import { common, format, langOf, type Lang, type Localized } from './messages.js';
import { PublicCache } from './public-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint's access, for the error handler (an operator's call names its fields). */
    access?: Endpoint['access'];
  }
}

type IdentityFor<E> = E extends { access: 'public' } ? Identity | null : Identity;

export interface HandlerContext<E extends Endpoint> {
  query: QueryOut<E>;
  body: BodyOut<E>;
  identity: IdentityFor<E>;
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Replace the envelope's default success message. */
  setMessage(text: Localized, params?: Record<string, string | number>): void;
}

export interface RouteOptions {
  /** Per-IP limit for abuse-prone calls (login, register, redeem, guest creation). */
  rateLimit?: RateLimitOptions;
  bodyLimit?: number;
  /**
   * A public list: anonymous visitors get it from a short-lived cache keyed by the address
   * (http/public-cache.ts, `PUBLIC_CACHE_SECONDS`), with `Cache-Control` and an `ETag`.
   */
  publicCache?: boolean;
}

/** One cache per app (its context), shared by its routes. */
const caches = new WeakMap<object, PublicCache>();
const cacheOf = (app: FastifyInstance): PublicCache => {
  let cache = caches.get(app.ctx);
  if (!cache) {
    cache = new PublicCache(app.ctx.config.publicCacheSeconds * 1000);
    caches.set(app.ctx, cache);
  }
  return cache;
};

/**
 * Registers one contract endpoint: its schemas validate the request, shape the response and
 * feed the OpenAPI document; its access is checked before the handler; the handler's value
 * becomes the envelope's `data`.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<DataIn<E>>,
  options: RouteOptions = {},
): void {
  if (options.publicCache) cacheOf(app).watch(endpoint.tags);
  const changes = endpoint.method !== 'GET';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelope(endpoint.data) },
      ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }, { guestId: [] }] }),
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      access: endpoint.access,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    // A callback hook: a public call without credentials (most anonymous reads) passes with no
    // promise; any other call is resolved and checked by `authorize`.
    preValidation: (req, _reply, done) => {
      if (endpoint.access === 'public' && !carriesCredentials(req)) {
        req.identity = null;
        return done();
      }
      authorize(app.ctx, req, endpoint.access).then(() => done(), done);
    },
    handler: async (req, reply) => {
      const lang = langOf(req);
      const cache = options.publicCache ? cacheOf(app) : null;
      const cacheKey =
        cache?.enabled && req.identity === null ? PublicCache.keyOf(req, lang) : null;
      if (cache && cacheKey) {
        const hit = cache.read(cacheKey, req, reply);
        // The schema names only 200; a revalidation answers 304 without a body.
        if (hit?.notModified) return (reply as FastifyReply).code(304).send();
        if (hit) return hit.body;
      }
      let message = format(common.ok, lang);
      const audit = isAudited(endpoint) ? await auditBefore(app.ctx, endpoint, req.body) : null;
      const data = await handler({
        query: req.query as QueryOut<E>,
        body: req.body as BodyOut<E>,
        identity: req.identity as IdentityFor<E>,
        lang,
        req,
        reply,
        setMessage: (text, params) => {
          message = format(text, lang, params);
        },
      });
      if (audit) {
        const id = audit.target ? Number(audit.target.slice(3)) : null;
        // The record as stored after the change when it is known, else what the call answered.
        const after = audit.load && id !== null ? await audit.load(app.ctx, id) : data;
        await recordAudit(app.ctx, req, endpoint, { ...audit, after: after ?? data });
      }
      // A change of what a public list shows clears the lists kept for anonymous visitors.
      if (changes) caches.get(app.ctx)?.changed(endpoint.tags);
      const body = { code: 200, success: true, message, data };
      if (cache && cacheKey) return cache.write(cacheKey, body, reply);
      return body;
    },
  });
}
