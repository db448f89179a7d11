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
import { authorize } from './identity.js';
import { auditBefore, isAudited, recordAudit } from './audit.js';
import { common, format, langOf, type Lang, type Localized } from './messages.js';

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
}

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
    preValidation: async (req) => authorize(app.ctx, req, endpoint.access),
    handler: async (req, reply) => {
      const lang = langOf(req);
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
      return { code: 200, success: true, message, data };
    },
  });
}
