import type { QueryOut } from '@atelier/contracts';
import type * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { pageOf } from '../../db/paging.js';
import { accountsOf } from '../auth/index.js';

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit log, newest first, filtered by admin, action (a part of it) and days. */
export async function listAudit(ctx: AppContext, query: QueryOut<typeof A.listAudit>) {
  const db = ctx.db.kysely;
  let q = db.selectFrom('admin_audit as a');
  if (query.adminId) q = q.where('a.admin_id', '=', query.adminId);
  if (query.action)
    q = q.where((eb) =>
      eb(eb.fn('lower', ['a.action']), 'like', `%${likeEscape(query.action!.toLowerCase())}%`),
    );
  if (query.from) q = q.where('a.created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where('a.created_at', '<=', `${query.to}T23:59:59.999Z`);
  const { rows, count } = await pageOf(q, query, (b) => b.selectAll('a').orderBy('a.id', 'desc'));
  const admins = await accountsOf(
    db,
    rows.map((r) => r.admin_id),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      adminId: r.admin_id,
      adminName: admins.get(r.admin_id)?.username ?? null,
      action: r.action,
      target: r.target,
      before: parse(r.before),
      after: parse(r.after),
      request: parse(r.request),
      ip: r.ip,
      createdAt: r.created_at,
    })),
    count,
  };
}
