import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '@atelier/contracts';
import type { AppContext } from '../context.js';
import { nowIso } from '../db/database.js';

/*
 * The audit log of admin changes, kept by the route layer for every `access: 'admin'` call
 * that is not a GET (route.ts): who, when, which call, the record before and after, from
 * which address. Secrets never enter it: every field whose name says key, secret, password,
 * token, hash or sealed is replaced by whether it was set. The "before" of a record comes from
 * a loader registered for the call's path prefix (auditSubject), which modules register once
 * per resource, not once per endpoint.
 */

const SECRET = /key$|secret|password|token|hash|sealed|^key|privatekey|cert/i;
/** A loader of the record a call names (by its body's `id`/`userId`), or null. */
export type AuditLoader = (ctx: AppContext, id: number) => Promise<unknown>;

const subjects = new WeakMap<AppContext, Array<{ prefix: string; load: AuditLoader }>>();

/** Registers how to read the record that calls under `prefix` (e.g. `/admin/chat/providers`) change. */
export function auditSubject(ctx: AppContext, prefix: string, load: AuditLoader): void {
  const list = subjects.get(ctx) ?? [];
  list.push({ prefix, load });
  list.sort((a, b) => b.prefix.length - a.prefix.length);
  subjects.set(ctx, list);
}

/** A copy of `value` with every secret-looking field replaced by "set" / "not set". */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET.test(k) && !/^(priceKey|price_key|idempotency_?key)$/i.test(k))
      out[k] = v === null || v === undefined || v === '' || v === 'not set' ? 'not set' : 'set';
    else out[k] = redact(v, depth + 1);
  }
  return out;
}

const targetId = (body: unknown): number | null => {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const k of ['id', 'userId', 'modelId', 'taskId', 'batchId'])
    if (typeof b[k] === 'number' && Number.isInteger(b[k])) return b[k];
  return null;
};

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(redact(value));

export const isAudited = (e: Endpoint): boolean => e.access === 'admin' && e.method !== 'GET';

/** Reads the record before the change (null when the call names none or nobody knows how). */
export async function auditBefore(
  ctx: AppContext,
  endpoint: Endpoint,
  body: unknown,
): Promise<{ target: string; before: unknown; load: AuditLoader | null }> {
  const id = targetId(body);
  const subject = subjects.get(ctx)?.find((s) => endpoint.path.startsWith(s.prefix));
  if (id === null) return { target: '', before: null, load: subject?.load ?? null };
  const before = subject ? await subject.load(ctx, id).catch(() => null) : null;
  return { target: `id:${id}`, before: before ?? null, load: subject?.load ?? null };
}

/** Writes one audit row after a successful admin change. */
export async function recordAudit(
  ctx: AppContext,
  req: FastifyRequest,
  endpoint: Endpoint,
  entry: { target: string; before: unknown; after: unknown },
): Promise<void> {
  await ctx.db.kysely
    .insertInto('admin_audit')
    .values({
      admin_id: req.identity?.userId ?? 0,
      action: `${endpoint.method} ${endpoint.path}`,
      target: entry.target,
      before: json(entry.before),
      after: json(entry.after),
      request: json(req.body ?? {}) ?? '{}',
      ip: req.ip,
      created_at: nowIso(),
    })
    .execute();
}
