import type { Selectable } from 'kysely';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { countTokens } from '../../providers/chat/index.js';
import { deleteFiles, filesOfIds, storeFile } from '../files/index.js';
import { extractText, formatOf, UnreadableFileError, type TextPart } from './extract.js';
import type { ContextFile } from './file-context.js';
import { texts } from './messages.js';
import type { ChatFilesTable } from './tables.js';

/* Files attached to chats (docs/chat.md, "Files in the conversation"): stored, read, owned. */

type Row = Selectable<ChatFilesTable>;

const mimeOf: Record<C.ChatFile['format'], string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  text: 'text/plain',
};

export const toChatFile = (r: Row): C.ChatFile => ({
  id: r.id,
  name: r.name,
  size: r.size,
  format: r.format as C.ChatFile['format'],
  pages: r.pages,
  tokens: r.tokens,
  hasText: r.tokens > 0,
  createdAt: r.created_at,
});

/**
 * Reads a file's text and stores both (the bytes as the user's `attachment` file, within their
 * storage quota). A format we do not take, or bytes that do not open, are a 400 naming `file`.
 */
export async function saveChatFile(
  ctx: AppContext,
  input: { userId: number; guest: boolean; name: string; bytes: Buffer },
): Promise<C.ChatFile> {
  const name = input.name.slice(0, 200) || 'file';
  const format = formatOf(name, input.bytes);
  if (!format) throw badRequest(texts.fileNotTaken, {}, 'file');
  let parts: TextPart[];
  let pages: number;
  try {
    ({ parts, pages } = await extractText(format, input.bytes));
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw badRequest(texts.fileUnreadable, { reason: error.message.slice(0, 120) }, 'file');
  }
  const tokens = parts.reduce((n, p) => n + countTokens(p.text), 0);
  const stored = await storeFile(ctx, {
    userId: input.userId,
    origin: 'attachment',
    bytes: input.bytes,
    name,
    mime: mimeOf[format],
    quota: true,
    guest: input.guest,
  });
  const row = await ctx.db.kysely
    .insertInto('chat_files')
    .values({
      user_id: input.userId,
      file_id: stored.id,
      name,
      size: input.bytes.length,
      format,
      pages,
      tokens,
      parts: JSON.stringify(parts),
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChatFile(row);
}

/** The user's own files of these ids, in the order asked; anyone else's is a 404. */
export async function ownChatFiles(
  ctx: AppContext,
  userId: number,
  ids: readonly number[],
  /** Leave out the ids that are not (any more) the user's instead of a 404. */
  lenient = false,
): Promise<ContextFile[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await ctx.db.kysely
    .selectFrom('chat_files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length && !lenient) throw notFound(texts.chatFileNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique
    .filter((id) => byId.has(id))
    .map((id) => {
      const r = byId.get(id)!;
      return {
        id: r.id,
        name: r.name,
        size: r.size,
        format: r.format as C.ChatFile['format'],
        pages: r.pages,
        parts: JSON.parse(r.parts) as TextPart[],
      };
    });
}

/** The user's attached files, newest first (at most 500). */
export async function listChatFiles(ctx: AppContext, userId: number): Promise<C.ChatFile[]> {
  const rows = await ctx.db.kysely
    .selectFrom('chat_files')
    .select(['id', 'name', 'size', 'format', 'pages', 'tokens', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => toChatFile({ ...r, user_id: userId, file_id: 0, parts: '' }));
}

/**
 * Deletes one of the user's attached files: its text (`chat_files`) and its stored bytes (the
 * `files` row and the object in storage). Another's id, or a missing one: 404 naming `id`.
 */
export async function deleteChatFile(ctx: AppContext, userId: number, id: number): Promise<void> {
  const row = await ctx.db.kysely
    .selectFrom('chat_files')
    .select(['id', 'file_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row)
    throw new AppError(
      404,
      texts.chatFileNotFound,
      {},
      { errors: [{ field: 'id', message: texts.chatFileNotFound['en-US'] }] },
    );
  const stored = (await filesOfIds(ctx.db.kysely, [row.file_id])).filter(
    (f) => f.user_id === userId,
  );
  await ctx.db.kysely.deleteFrom('chat_files').where('id', '=', row.id).execute();
  await deleteFiles(ctx, stored);
}

/** Of these ids, the user's attached files that still exist. */
export async function liveChatFileIds(
  ctx: AppContext,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await ctx.db.kysely
    .selectFrom('chat_files')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', unique)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A guest's attached files become the account's (the files' own rows move in files). */
export function registerChatFilesMover(ctx: AppContext): void {
  ctx.guestData.register('chat-files', async (trx, { fromUserId, toUserId }) => {
    await trx
      .updateTable('chat_files')
      .set({ user_id: toUserId })
      .where('user_id', '=', fromUserId)
      .execute();
  });
}
