import type { Kysely, Selectable } from 'kysely';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { compiledOnce } from '../../db/compiled.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { fileUrl, keyOfUrl, ownLinkSigner } from '../files/index.js';
import { texts } from './messages.js';
import type { ChatGroupsTable, ChatLogsTable } from './tables.js';
import { pageOf, type Page } from '../../db/paging.js';
import { setLeaf, Tree, treeOf } from './branches.js';

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

/** Our own files' addresses in answers (`/api/files/<key>` in a markdown image). */
const OWN_PICTURE = /(!\[[^\]\n]*\]\()(\/api\/files\/[A-Za-z0-9][A-Za-z0-9/_.-]*)(\))/g;

/**
 * Answers' texts with each picture of the user's own files signed afresh (an <img> sends no
 * Bearer header); a link to anyone else's file is left unsigned, and loads nothing.
 */
export async function signAnswerLinks(
  ctx: AppContext,
  userId: number,
  texts: string[],
): Promise<string[]> {
  const links = texts.flatMap((t) => [...t.matchAll(OWN_PICTURE)].map((m) => m[2]!));
  if (links.length === 0) return texts;
  const sign = await ownLinkSigner(ctx, userId, links);
  return texts.map((t) =>
    t.replace(OWN_PICTURE, (whole, open: string, link: string, close: string) => {
      const signed = sign(link);
      return signed ? `${open}${signed}${close}` : whole;
    }),
  );
}

/** Logs as the client reads them, their answers' own pictures signed. */
export async function toLogs(
  ctx: AppContext,
  userId: number,
  rows: LogRow[],
  siblings: (r: LogRow) => number[] = (r) => [r.id],
): Promise<C.ChatLog[]> {
  const contents = await signAnswerLinks(
    ctx,
    userId,
    rows.map((r) => r.content),
  );
  // A file deleted since shows as deleted on the questions it went with.
  const fileIds = rows.flatMap((r) => jsonList<C.UsedFile>(r.files).map((f) => f.id));
  const live = new Set(
    fileIds.length
      ? (
          await ctx.db.kysely
            .selectFrom('chat_files')
            .select('id')
            .where('user_id', '=', userId)
            .where('id', 'in', [...new Set(fileIds)])
            .execute()
        ).map((f) => f.id)
      : [],
  );
  return rows.map((r, i) => {
    const log = { ...toLog(ctx, r, siblings(r)), content: contents[i]! };
    return log.files.length
      ? { ...log, files: log.files.map((f) => (live.has(f.id) ? f : { ...f, deleted: true })) }
      : log;
  });
}

export const toLog = (ctx: AppContext, r: LogRow, siblings: number[] = [r.id]): C.ChatLog => ({
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
  reasoning: r.reasoning,
  reasoningMs: r.reasoning_ms,
  finishReason: r.finish_reason,
  sources: jsonList<C.WebSource>(r.sources),
  toolCalls: jsonList<C.ToolCall>(r.tool_calls),
  files: jsonList<C.UsedFile>(r.files),
  parentId: r.parent_id,
  siblings,
});

/** A JSON array column ('[]' for none; anything unreadable reads as none). */
export function jsonList<T>(text: string | undefined): T[] {
  if (!text || text === '[]') return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** The caller's group, 404 for anyone else's. */
/** A group of the user's (every question reads it first: compiled once). */
const groupOf = compiledOnce((db, groupId: number, userId: number) =>
  db.selectFrom('chat_groups').selectAll().where('id', '=', groupId).where('user_id', '=', userId),
);

export async function ownGroup(db: Kysely<Database>, groupId: number, userId: number) {
  const [row] = await groupOf(db, groupId, userId);
  if (!row) throw notFound(texts.groupNotFound);
  return row;
}

/** The longest title kept, as a rename allows; the list cuts it where it is shown, not here. */
export const TITLE_MAX = 200;

/** A group still carrying its default title is named after its first message, kept whole. */
export const titleFrom = (prompt: string) =>
  [...prompt.replace(/\s+/g, ' ').trim()].slice(0, TITLE_MAX).join('').trim();
export const defaultTitles = new Set(Object.values(texts.newChat));

/** A new group of the user (from an app, or not), with its title. */
export const insertGroup = (
  db: Kysely<Database>,
  userId: number,
  appId: number | null,
  title: string,
) => {
  const now = nowIso();
  return db
    .insertInto('chat_groups')
    .values({
      user_id: userId,
      app_id: appId,
      title,
      is_sticky: 0,
      config: '{}',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
};

/** The user's groups: pinned first, then the last changed. */
export const groupsOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('chat_groups')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_sticky', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Renames, pins or unpins a group, or merges settings into its config. */
export const updateGroup = (
  db: Kysely<Database>,
  group: GroupRow,
  change: {
    title?: string | undefined;
    isSticky?: boolean | undefined;
    config?: Record<string, unknown> | undefined;
  },
) =>
  db
    .updateTable('chat_groups')
    .set({
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(change.isSticky !== undefined ? { is_sticky: change.isSticky ? 1 : 0 } : {}),
      ...(change.config !== undefined
        ? { config: JSON.stringify({ ...parseConfig(group.config), ...change.config }) }
        : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', group.id)
    .where('user_id', '=', group.user_id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Deletes a group of the user with its messages. */
export async function deleteGroup(db: Kysely<Database>, groupId: number, userId: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chat_logs')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('chat_groups')
      .where('id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
  });
}

/** Deletes every group of the user that is not pinned, with its messages; how many. */
export function deleteUnpinnedGroups(db: Kysely<Database>, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom('chat_groups')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_sticky', '=', 0)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return 0;
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      await trx
        .deleteFrom('chat_logs')
        .where('user_id', '=', userId)
        .where('group_id', 'in', part)
        .execute();
      await trx
        .deleteFrom('chat_groups')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
    }
    return ids.length;
  });
}

/** The messages of a group's branch on screen, oldest first, each with its branches. */
export async function messagesOf(
  db: Kysely<Database>,
  group: { id: number; leaf_id: number | null },
  userId: number,
): Promise<{ row: LogRow; siblings: number[] }[]> {
  const rows = await db
    .selectFrom('chat_logs')
    .selectAll()
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const tree = new Tree(rows);
  return tree
    .pathTo(tree.leafOf(group.leaf_id))
    .map((row) => ({ row, siblings: tree.siblingsOf(row) }));
}

/**
 * Shows the branch through one message of the user's group (its newest continuation); false
 * when the message is not one of that group's.
 */
export async function switchBranch(
  db: Kysely<Database>,
  groupId: number,
  id: number,
  userId: number,
): Promise<boolean> {
  const tree = await treeOf(db, groupId, userId);
  if (!tree.byId.has(id)) return false;
  await setLeaf(db, groupId, userId, tree.descend(id));
  return true;
}

/**
 * Deletes one message of the user; whether there was one. What followed it now follows its
 * parent, and a branch ending at it ends at its parent.
 */
export async function deleteMessage(db: Kysely<Database>, id: number, userId: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('chat_logs')
      .select(['id', 'group_id', 'parent_id'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('chat_logs')
      .set({ parent_id: row.parent_id })
      .where('parent_id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('chat_groups')
      .set({ leaf_id: row.parent_id })
      .where('id', '=', row.group_id)
      .where('user_id', '=', userId)
      .where('leaf_id', '=', id)
      .execute();
    await trx.deleteFrom('chat_logs').where('id', '=', id).where('user_id', '=', userId).execute();
    return true;
  });
}

/** Deletes a group's messages (the group stays). */
export async function clearMessages(db: Kysely<Database>, groupId: number, userId: number) {
  await db
    .deleteFrom('chat_logs')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
  await setLeaf(db, groupId, userId, null);
}

/** A page of the user's messages of chats started from one app, newest first. */
export const messagesOfApp = (db: Kysely<Database>, userId: number, appId: number, page: Page) =>
  pageOf(
    db.selectFrom('chat_logs').where('user_id', '=', userId).where('app_id', '=', appId),
    page,
    (q) => q.selectAll().orderBy('id', 'desc'),
  );

/** A guest's chats and own endpoints move to the account it registers or signs in as. */
export function registerGuestMover(ctx: AppContext): void {
  ctx.guestData.register('chat', async (trx, { fromUserId, toUserId }) => {
    for (const table of ['chat_groups', 'chat_logs', 'chat_user_models', 'chat_shares'] as const)
      await trx
        .updateTable(table)
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
  });
}
