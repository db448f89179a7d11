import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import { compiledOnce } from '../../db/compiled.js';
import { AppError } from '../../http/errors.js';
import { fileUrl, keyOfUrl } from '../files/index.js';
import { liveChatFileIds } from './chat-files.js';
import { fileIdsOf } from './file-context.js';
import { texts } from './messages.js';
import type { ChatGroupsTable } from './tables.js';

/** Where a question goes on a chat's branches, and what is asked when it is asked again. */
export interface Place {
  /** The message the question follows (null: the chat's start); its branch is the context. */
  parentId: number | null;
  /** A saved question answered again (its answer becomes a sibling of the earlier ones). */
  regenerateOf: number | null;
  /** The saved question's text and picture, when it is asked again. */
  question: { prompt: string; imageUrl: string | undefined; fileIds: number[] } | null;
}

/** A message of the user's chat by id (every question checks its place: compiled once). */
const messageOf = compiledOnce((db, groupId: number, userId: number, id: number) =>
  db
    .selectFrom('chat_logs')
    .select('id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('id', '=', id),
);

/**
 * Places a question on the user's group: after the branch on screen (no `parentId`), after a
 * message of the group (an edit is sent after the edited question's parent; 0: the start), or,
 * with `regenerateOf`, as another answer to a saved question. A message of another group or
 * user is a 404 naming the field, like a missing one.
 */
export async function placeOf(
  ctx: AppContext,
  group: Selectable<ChatGroupsTable>,
  userId: number,
  options: { parentId?: number | undefined; regenerateOf?: number | undefined },
): Promise<Place> {
  // One message of the chat looked up by id, never the chat's whole shape: a question in a
  // long chat costs what it costs in a short one.
  const db = ctx.db.kysely;
  const ofChat = () =>
    db.selectFrom('chat_logs').where('group_id', '=', group.id).where('user_id', '=', userId);
  const exists = async (id: number) => (await messageOf(db, group.id, userId, id)).length > 0;
  const missing = (field: string) =>
    new AppError(
      404,
      texts.logNotFound,
      {},
      {
        errors: [{ field, message: texts.logNotFound['en-US'] }],
      },
    );
  const liveFiles = async (ids: number[]) => {
    const live = await liveChatFileIds(ctx, userId, ids);
    return ids.filter((id) => live.has(id));
  };
  if (options.regenerateOf !== undefined) {
    const row = await ofChat()
      .select(['id', 'parent_id', 'role', 'content', 'image_url', 'files'])
      .where('id', '=', options.regenerateOf)
      .executeTakeFirst();
    if (!row || row.role !== 'user') throw missing('options.regenerateOf');
    // Our own picture is kept as its path; it is read again as the owner's file.
    const key = row.image_url ? keyOfUrl(row.image_url) : null;
    const imageUrl = key ? fileUrl(ctx, key) : (row.image_url ?? undefined);
    return {
      parentId: row.parent_id,
      regenerateOf: row.id,
      // Its files go again with it (docs/chat.md, Files in the conversation), those its owner
      // deleted since left out.
      question: { prompt: row.content, imageUrl, fileIds: await liveFiles(fileIdsOf(row.files)) },
    };
  }
  if (options.parentId === 0) return { parentId: null, regenerateOf: null, question: null };
  if (options.parentId !== undefined) {
    if (!(await exists(options.parentId))) throw missing('options.parentId');
    return { parentId: options.parentId, regenerateOf: null, question: null };
  }
  // The leaf shown (branches.ts, Tree.leafOf): the saved one while it exists, else the newest.
  if (group.leaf_id !== null && (await exists(group.leaf_id)))
    return { parentId: group.leaf_id, regenerateOf: null, question: null };
  const newest = await ofChat()
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return { parentId: newest?.id ?? null, regenerateOf: null, question: null };
}
