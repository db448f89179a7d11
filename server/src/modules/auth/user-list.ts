import { sql } from 'kysely';
import type { QueryOut, user } from '@atelier/contracts';
import type { Executor } from '../../db/executor.js';
import { accountKey } from './accounts.js';
import { pageOf } from '../../db/paging.js';

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The console's account list: never a password hash or a session. */
export async function listUsers(db: Executor, query: QueryOut<typeof user.adminListUsers>) {
  const pattern = query.keyword ? `%${likeEscape(accountKey(query.keyword))}%` : null;
  let filtered = db.selectFrom('users');
  if (query.kind) filtered = filtered.where('kind', '=', query.kind);
  if (pattern)
    filtered = filtered.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('username_key')} like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('email_key')} like ${pattern} escape '\\'`,
      ]),
    );
  const { rows, count } = await pageOf(filtered, query, (q) =>
    q
      .select([
        'id',
        'kind',
        'role',
        'username',
        'email',
        'nickname',
        'invite_code',
        'invited_by',
        'merged_into',
        'disabled_at',
        'last_login_at',
        'created_at',
      ])
      .orderBy('id', 'desc'),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      role: r.role,
      username: r.username,
      email: r.email,
      nickname: r.nickname,
      inviteCode: r.invite_code,
      invitedBy: r.invited_by,
      mergedInto: r.merged_into,
      disabled: r.disabled_at !== null,
      lastLoginAt: r.last_login_at,
      createdAt: r.created_at,
    })),
    count,
  };
}
