import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { langOf } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { fileUrl, keyOfUrl } from '../files/index.js';
import { texts } from './messages.js';
import type { ChatGroupsTable, ChatLogsTable } from './tables.js';
import { pageOf } from '../../db/paging.js';

type GroupRow = Selectable<ChatGroupsTable>;
type LogRow = Selectable<ChatLogsTable>;

const parseConfig = (text: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export const toGroup = (r: GroupRow): C.ChatGroup => ({
  id: r.id,
  uuid: r.id,
  title: r.title,
  appId: r.app_id,
  isSticky: r.is_sticky === 1,
  config: parseConfig(r.config),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A picture of ours is kept as its path and signed afresh on every read: old chats keep it. */
const pictureLink = (ctx: AppContext, stored: string | null) => {
  const key = stored ? keyOfUrl(stored) : null;
  return key ? fileUrl(ctx, key) : stored;
};

export const toLog = (ctx: AppContext, r: LogRow): C.ChatLog => ({
  id: r.id,
  groupId: r.group_id,
  appId: r.app_id,
  role: r.role,
  content: r.content,
  imageUrl: pictureLink(ctx, r.image_url),
  model: r.model,
  status: r.status,
  promptTokens: r.prompt_tokens,
  completionTokens: r.completion_tokens,
  credits: r.credits,
  createdAt: r.created_at,
});

/** The caller's group, 404 for anyone else's. */
export async function ownGroup(db: Kysely<Database>, groupId: number, userId: number) {
  const row = await db
    .selectFrom('chat_groups')
    .selectAll()
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.groupNotFound);
  return row;
}

/** The longest title kept, as a rename allows; the list cuts it where it is shown, not here. */
export const TITLE_MAX = 200;

/** A group still carrying its default title is named after its first message, kept whole. */
export const titleFrom = (prompt: string) =>
  [...prompt.replace(/\s+/g, ' ').trim()].slice(0, TITLE_MAX).join('').trim();
export const defaultTitles = new Set(Object.values(texts.newChat));

export function groupRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, C.createGroup, async ({ body, identity, req }) => {
    const now = nowIso();
    const lang = langOf(req);
    // A chat started from an app is named after it (the first message then keeps that name).
    const fromApp = body.appId
      ? await app.ctx.hooks.appPrompt(app.ctx, { appId: body.appId, userId: identity.userId, lang })
      : null;
    // Only an app the caller may use: someone else's persona is the same 404 as a missing app.
    if (body.appId && !fromApp)
      throw new AppError(
        404,
        texts.appNotFound,
        {},
        {
          errors: [{ field: 'appId', message: texts.appNotFound['en-US'] }],
        },
      );
    const row = await db()
      .insertInto('chat_groups')
      .values({
        user_id: identity.userId,
        app_id: body.appId ?? null,
        title: fromApp?.name.trim() || texts.newChat[lang],
        is_sticky: 0,
        config: '{}',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toGroup(row);
  });

  route(app, C.listGroups, async ({ identity }) => {
    const rows = await db()
      .selectFrom('chat_groups')
      .selectAll()
      .where('user_id', '=', identity.userId)
      .orderBy('is_sticky', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { rows: rows.map(toGroup), count: rows.length };
  });

  route(app, C.updateGroup, async ({ body, identity }) => {
    const group = await ownGroup(db(), body.groupId, identity.userId);
    const row = await db()
      .updateTable('chat_groups')
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.isSticky !== undefined ? { is_sticky: body.isSticky ? 1 : 0 } : {}),
        ...(body.config !== undefined
          ? { config: JSON.stringify({ ...parseConfig(group.config), ...body.config }) }
          : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', group.id)
      .where('user_id', '=', identity.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toGroup(row);
  });

  route(app, C.deleteGroup, async ({ body, identity }) => {
    await ownGroup(db(), body.groupId, identity.userId);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .deleteFrom('chat_logs')
          .where('group_id', '=', body.groupId)
          .where('user_id', '=', identity.userId)
          .execute();
        await trx
          .deleteFrom('chat_groups')
          .where('id', '=', body.groupId)
          .where('user_id', '=', identity.userId)
          .execute();
      });
    return null;
  });

  route(app, C.deleteAllGroups, async ({ identity }) => {
    const deleted = await db()
      .transaction()
      .execute(async (trx) => {
        const ids = (
          await trx
            .selectFrom('chat_groups')
            .select('id')
            .where('user_id', '=', identity.userId)
            .where('is_sticky', '=', 0)
            .execute()
        ).map((r) => r.id);
        if (ids.length === 0) return 0;
        for (let i = 0; i < ids.length; i += 500) {
          const part = ids.slice(i, i + 500);
          await trx
            .deleteFrom('chat_logs')
            .where('user_id', '=', identity.userId)
            .where('group_id', 'in', part)
            .execute();
          await trx
            .deleteFrom('chat_groups')
            .where('user_id', '=', identity.userId)
            .where('id', 'in', part)
            .execute();
        }
        return ids.length;
      });
    return { deleted };
  });

  logRoutes(app);
}

/** The messages of a user's chats: read, deleted one by one or by group, listed by app. */
function logRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, C.listMessages, async ({ query, identity }) => {
    await ownGroup(db(), query.groupId, identity.userId);
    const rows = await db()
      .selectFrom('chat_logs')
      .selectAll()
      .where('group_id', '=', query.groupId)
      .where('user_id', '=', identity.userId)
      .orderBy('id')
      .execute();
    return { rows: rows.map((r) => toLog(app.ctx, r)), count: rows.length };
  });

  route(app, C.deleteMessage, async ({ body, identity }) => {
    const r = await db()
      .deleteFrom('chat_logs')
      .where('id', '=', body.id)
      .where('user_id', '=', identity.userId)
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound(texts.logNotFound);
    return null;
  });

  route(app, C.clearGroupMessages, async ({ body, identity }) => {
    await ownGroup(db(), body.groupId, identity.userId);
    await db()
      .deleteFrom('chat_logs')
      .where('group_id', '=', body.groupId)
      .where('user_id', '=', identity.userId)
      .execute();
    return null;
  });

  route(app, C.messagesByApp, async ({ query, identity }) => {
    const base = db()
      .selectFrom('chat_logs')
      .where('user_id', '=', identity.userId)
      .where('app_id', '=', query.appId);
    const { rows, count } = await pageOf(base, query, (q) => q.selectAll().orderBy('id', 'desc'));
    return { rows: rows.map((r) => toLog(app.ctx, r)), count };
  });
}

/** A guest's chats and own endpoints move to the account it registers or signs in as. */
export function registerGuestMover(ctx: AppContext): void {
  ctx.guestData.register('chat', async (trx, { fromUserId, toUserId }) => {
    for (const table of ['chat_groups', 'chat_logs', 'chat_user_models'] as const)
      await trx
        .updateTable(table)
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
  });
}
