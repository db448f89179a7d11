import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingNotification } from './gateways/gateway.js';
import { notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import { handleNotification } from './notifications.js';
import type { GatewayName } from './tables.js';

const firstValues = (value: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out[k] = first;
  }
  return out;
};

/**
 * The gateways' callbacks, each answered in its own protocol (not the envelope). Bodies are
 * kept as the raw text the signatures cover: this plugin is encapsulated, so its catch-all
 * string parser does not change how the rest of the API parses JSON.
 *   GET|POST /api/pay/notify/epay   · POST /api/pay/notify/wechat · POST /api/pay/notify/stripe
 */
export async function notifyRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const handle = (name: GatewayName) => async (req: FastifyRequest, reply: FastifyReply) => {
    const rawBody = typeof req.body === 'string' ? req.body : '';
    const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    let query = firstValues(req.query);
    // Some epay builds POST the same fields as a form.
    if (name === 'epay' && req.method === 'POST' && rawBody)
      query = { ...query, ...Object.fromEntries(new URLSearchParams(rawBody)) };
    const incoming: IncomingNotification = {
      method: req.method,
      query,
      headers: req.headers,
      rawBody,
    };
    const ack = await handleNotification(app.ctx, name, incoming, {
      ip: req.ip,
      raw: req.method === 'GET' ? rawQuery : rawBody,
    });
    if (!ack) throw notFound(texts.gatewayNotConfigured, { gateway: name });
    reply.code(ack.status);
    if (ack.contentType) reply.type(ack.contentType);
    return reply.send(ack.status === 204 ? undefined : ack.body);
  };

  const hidden = { schema: { hide: true } };
  app.route({ method: ['GET', 'POST'], url: '/epay', ...hidden, handler: handle('epay') });
  app.post('/wechat', hidden, handle('wechat'));
  app.post('/stripe', hidden, handle('stripe'));
}
