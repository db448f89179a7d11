import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { UpstreamError } from '../../providers/errors.js';
import { texts } from './messages.js';
import { openProviderKey } from './providers.js';
import { checkOf } from './protocols.js';

/*
 * The console's "test connection": each adapter exports the upstream's cheapest read
 * (`checkConnection`, src/providers/check-http.ts) and the module of its kind registers its
 * adapter map as its index.ts is loaded (registerProtocols of protocols.ts); the endpoint runs
 * the provider's and says in words what went wrong (DNS, TLS, refused, 401, 404, timeout).
 */

export type { CheckTarget, ProviderCheck } from '../../providers/check-http.js';

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
  const check = checkOf(row.protocol);
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
