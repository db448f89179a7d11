import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const PREFIX = '/api/docs';

/** Answer headers that belong to the inner answer's own transfer, not to the one we send. */
const HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The OpenAPI description of every route, built from the contracts, served at /api/docs.
 *
 * @fastify/swagger and its UI (with ajv, yaml and their schema compilers: about 10 MB of an idle
 * server's memory) load with the first request to /api/docs, not at start. At start only the
 * routes' options are noted as they are declared (references to objects the routes hold
 * anyway); the first request builds a separate Fastify instance with swagger, declares the same
 * routes there (never called: the handlers answer nothing), and every docs request is answered
 * by that instance.
 */
export function registerApiDocs(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(PREFIX)) routes.push(route);
  });
  let docs: Promise<FastifyInstance> | null = null;
  const answer = async (req: FastifyRequest, reply: FastifyReply) => {
    const inner = await (docs ??= buildDocs(routes).catch((error: unknown) => {
      docs = null;
      throw error;
    }));
    const res = await inner.inject({
      method: req.method as 'GET' | 'HEAD',
      url: req.url,
      headers: req.headers,
    });
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined && !HOP.has(name)) reply.header(name, value);
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  app.get(PREFIX, { schema: { hide: true } }, answer);
  app.get(`${PREFIX}/*`, { schema: { hide: true } }, answer);
}

async function buildDocs(routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  // The HEAD routes the app declared are among `routes`; this instance adds none of its own.
  const inner = Fastify({ logger: false, exposeHeadRoutes: false });
  // The routes here only describe themselves: nothing validates or serialises through them.
  inner.setValidatorCompiler(() => () => true);
  inner.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await inner.register(swagger, {
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
  await inner.register(swaggerUi, { routePrefix: PREFIX, staticCSP: true });
  await inner.register(async (scope) => {
    for (const route of routes)
      scope.route({
        method: route.method,
        url: route.url,
        ...(route.schema ? { schema: route.schema } : {}),
        ...(route.config ? { config: route.config } : {}),
        ...(route.constraints ? { constraints: route.constraints } : {}),
        handler: async () => null,
      });
  });
  await inner.ready();
  return inner;
}
