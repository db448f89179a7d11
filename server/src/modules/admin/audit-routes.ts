import type { FastifyInstance } from 'fastify';
import * as A from '@atelier/contracts/admin';
import { pageOf } from '../../db/paging.js';
import { route } from '../../http/route.js';

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
export function auditRoutes(app: FastifyInstance): void {
  const db = app.ctx.db.kysely;
  route(app, A.listAudit, async ({ query }) => {
    let q = db.selectFrom('admin_audit as a').leftJoin('users as u', 'u.id', 'a.admin_id');
    if (query.adminId) q = q.where('a.admin_id', '=', query.adminId);
    if (query.action)
      q = q.where((eb) =>
        eb(eb.fn('lower', ['a.action']), 'like', `%${likeEscape(query.action!.toLowerCase())}%`),
      );
    if (query.from) q = q.where('a.created_at', '>=', `${query.from}T00:00:00.000Z`);
    if (query.to) q = q.where('a.created_at', '<=', `${query.to}T23:59:59.999Z`);
    const { rows, count } = await pageOf(q, query, (b) =>
      b.selectAll('a').select('u.username').orderBy('a.id', 'desc'),
    );
    return {
      rows: rows.map((r) => ({
        id: r.id,
        adminId: r.admin_id,
        adminName: r.username,
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
  });
}
