import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BodyIn, DataOf, Endpoint, QueryIn } from '@atelier/contracts';
import type { Envelope } from './harness.js';

export interface CallOptions<E extends Endpoint> {
  /** Query parameters, sent as the web client sends them (arrays repeat the key). */
  query?: QueryIn<E>;
  /** The JSON body. A test of bad input may send anything (`as never`). */
  body?: BodyIn<E>;
  /** A signed-in user's session token (`Authorization: Bearer`). */
  token?: string;
  /** A guest's id (`Guestid` header). */
  guestId?: string;
  /** The interface language (`X-Lang`); English unless told, so messages can be compared. */
  lang?: 'en-US' | 'zh-CN' | 'zh-TW';
  /** More headers (user agent…). */
  headers?: Record<string, string>;
  /** The caller's address (per-IP limits). */
  remoteAddress?: string;
}

/** The query string of a call, built the way web/src/api/client.ts builds it. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * Calls one endpoint of the contracts on a test app: its method and path come from the
 * contract, the query and body are typed by it, and the answer's `data` has its type.
 *
 *     const res = await callEndpoint(t.app, credits.redeem, { body: { code }, token });
 *     expect(res.body.data.balance.credits).toBe(50);
 */
export async function callEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<{ status: number; body: Envelope<DataOf<E>>; res: LightMyRequestResponse }> {
  const headers: Record<string, string> = { 'x-lang': options.lang ?? 'en-US' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.guestId) headers.guestid = options.guestId;
  const inject: InjectOptions = {
    method: endpoint.method,
    url: `/api${endpoint.path}${queryString(options.query)}`,
    headers: { ...headers, ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  const res = await app.inject(inject);
  return { status: res.statusCode, body: res.json() as Envelope<DataOf<E>>, res };
}

/** The fields a refused answer names for its form (`data.errors`), in order. */
export function fieldsOf(res: { body: { data: unknown } }): string[] {
  const data = res.body.data as { errors?: Array<{ field: string }> } | null;
  return (data?.errors ?? []).map((e) => e.field);
}
