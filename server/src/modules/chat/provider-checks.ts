import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import * as A from '@atelier/contracts/admin';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { UpstreamError } from '../../providers/errors.js';
import { texts } from './messages.js';
import { openProviderKey } from './providers.js';
import { guardedLookup } from './url-guard.js';

/*
 * The console's "test connection": each protocol registers the upstream's cheapest read
 * (registerProviderCheck; a kind's module registers the checks of its adapter map with
 * registerProviderChecks, as its index.ts is loaded); the endpoint runs it and says in words what went wrong (DNS, TLS,
 * refused, 401, 404, timeout). Addresses are resolved through the address guard's lookup (an
 * admin's provider may be on a private network, so nothing is blocked, but the one resolution
 * the connection uses is the one checked and reported).
 */

export interface CheckTarget {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}
/** Resolves with a short success description, or throws (UpstreamError or a network error). */
export type ProviderCheck = (p: CheckTarget, signal?: AbortSignal) => Promise<string>;

const checks = new Map<string, ProviderCheck>();

/** Registers the connection test of a protocol (the last registration wins). */
export function registerProviderCheck(protocol: string, check: ProviderCheck): void {
  checks.set(protocol, check);
}

/** Registers the connection test of every adapter of a kind's map that has one, by protocol. */
export function registerProviderChecks(
  adapters: Record<string, { checkConnection?: ProviderCheck }>,
): void {
  for (const [protocol, adapter] of Object.entries(adapters))
    if (adapter.checkConnection) registerProviderCheck(protocol, adapter.checkConnection);
}

/** Whether a protocol has its connection test (every protocol of the contracts must). */
export const hasProviderCheck = (protocol: string): boolean => checks.has(protocol);

const lookup = guardedLookup({ isBlocked: () => false });

/** One GET through the guard's lookup: status and body (up to 64 KB). */
export function getJson(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      { method: 'GET', headers: { accept: 'application/json', ...headers }, lookup, signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 65_536) chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text is the body.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    req.end();
  });
}

const httpFailure = (status: number, where: string) =>
  new UpstreamError(`${where}: HTTP ${status}`, 'permanent', 'http', { status });

/** OpenAI-compatible: GET {base}/models. */
export const openaiCheck: ProviderCheck = async (p, signal) => {
  const base = p.baseUrl.replace(/\/+$/, '');
  const res = await getJson(
    `${base}/models`,
    p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {},
    p.timeoutMs,
    signal,
  );
  if (res.status !== 200) throw httpFailure(res.status, 'GET /models');
  const data = (res.body as { data?: unknown[] } | null)?.data;
  return `${Array.isArray(data) ? data.length : 0} models listed`;
};

/** midjourney-proxy: a task fetch of an id that does not exist (answers null when reachable). */
export const midjourneyCheck: ProviderCheck = async (p, signal) => {
  const base = p.baseUrl.replace(/\/+$/, '');
  const res = await getJson(
    `${base}/mj/task/atelier-connection-test/fetch`,
    p.apiKey ? { 'mj-api-secret': p.apiKey } : {},
    p.timeoutMs,
    signal,
  );
  if (res.status !== 200) throw httpFailure(res.status, 'GET /mj/task/{id}/fetch');
  return 'task fetch answered';
};

registerProviderCheck('openai', openaiCheck);
registerProviderCheck('midjourney', midjourneyCheck);
registerProviderCheck('demo', async () => 'offline demo: always available');
// Every other protocol's cheapest read lives with its adapter (src/providers/…), and the
// module of its kind registers it from its adapter map.

/** What went wrong, in words an operator acts on. */
export function describeFailure(error: unknown, timeoutMs: number): string {
  const status = error instanceof UpstreamError ? error.status : undefined;
  if (status === 401 || status === 403)
    return `${status} Unauthorized: the upstream refused the key (wrong, expired or missing)`;
  if (status === 404) return '404 Not Found: no such API at this address (check the base URL)';
  if (status === 429) return '429 Too Many Requests: the upstream is rate limiting this key';
  if (status !== undefined) return `HTTP ${status} from the upstream`;
  const e = error as NodeJS.ErrnoException & { reason?: string };
  const code = e?.code ?? '';
  const message = e instanceof Error ? e.message : String(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /resolved/.test(message))
    return `DNS: the host name cannot be resolved (${message})`;
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || /timeout|timed out/i.test(message))
    return `Timeout: no answer within ${timeoutMs} ms`;
  if (/CERT|TLS|SSL|self.signed|EPROTO/i.test(`${code} ${message}`))
    return `TLS: the secure connection failed (${code || message})`;
  if (code === 'ECONNREFUSED')
    return 'Connection refused: nothing listens at that address and port';
  if (code === 'ECONNRESET') return 'Connection reset by the upstream';
  return `Network error: ${message}`;
}

/** Runs the connection test of one provider: ok and a message in words, and how long it took. */
export async function runProviderCheck(
  ctx: AppContext,
  id: number,
): Promise<{ ok: boolean; message: string; ms: number }> {
  const row = await ctx.db.kysely
    .selectFrom('chat_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(texts.providerNotFound);
  const check = checks.get(row.protocol);
  const started = Date.now();
  if (!check) return { ok: false, message: `No connection test for "${row.protocol}"`, ms: 0 };
  const timeoutMs = Math.min(row.timeout_ms, 15_000);
  let result: { ok: boolean; message: string; ms: number };
  try {
    const message = await check(
      { baseUrl: row.base_url, apiKey: openProviderKey(ctx, row.api_key_sealed), timeoutMs },
      AbortSignal.timeout(timeoutMs + 1000),
    );
    result = { ok: true, message, ms: Date.now() - started };
  } catch (error) {
    result = { ok: false, message: describeFailure(error, timeoutMs), ms: Date.now() - started };
  }
  // Kept: the default model is the first whose provider passed its last check (models.ts).
  await ctx.db.kysely
    .updateTable('chat_providers')
    .set({ last_check_ok: result.ok ? 1 : 0, last_check_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return result;
}

export function providerCheckRoutes(app: FastifyInstance): void {
  route(app, A.testProvider, async ({ body }) => runProviderCheck(app.ctx, body.id), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  });
}
