import type { chat } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Insertable, Updateable } from 'kysely';
import { compiledWith } from '../../db/compiled.js';
import { nowIso } from '../../db/database.js';
import { countMessageTokens, type ChatMessage } from '../../providers/chat/index.js';
import type { Executor } from '../../db/executor.js';
import { treeOf } from './branches.js';
import { fileIdsOf } from './file-context.js';
import type { ChatLogsTable } from './tables.js';
import { defaultTitles, titleFrom } from './groups.js';

/**
 * The messages of the branch that ends at `parentId` (the one the question follows), newest
 * kept first, within the token budget: another branch of the chat is never sent.
 */
export async function contextMessages(
  ctx: AppContext,
  groupId: number,
  userId: number,
  parentId: number | null,
  budget: number,
): Promise<ChatMessage[]> {
  const tree = await treeOf(ctx.db.kysely, groupId, userId);
  // The newest 500 of the path at most, as before branches.
  const ids = tree
    .pathTo(parentId)
    .map((n) => n.id)
    .slice(-500);
  if (ids.length === 0) return [];
  const rows = await ctx.db.kysely
    .selectFrom('chat_logs')
    .select(['id', 'role', 'content'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('content', '!=', '')
    .orderBy('id', 'desc')
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(b.id)! - order.get(a.id)!);
  const picked: ChatMessage[] = [];
  let used = 0;
  for (const r of rows) {
    const m: ChatMessage = { role: r.role, content: r.content };
    const cost = countMessageTokens([m]) - 2;
    if (used + cost > budget) break;
    used += cost;
    picked.push(m);
  }
  return picked.reverse();
}

/**
 * The files of the questions on the branch up to `parentId`, newest first, at most `limit`: they
 * stay in the context of the questions after them (docs/chat.md, Files in the conversation).
 */
export async function branchFileIds(
  ctx: AppContext,
  groupId: number,
  userId: number,
  parentId: number | null,
  limit = 10,
): Promise<number[]> {
  const tree = await treeOf(ctx.db.kysely, groupId, userId);
  const ids = tree
    .pathTo(parentId)
    .filter((n) => n.role === 'user')
    .map((n) => n.id);
  if (ids.length === 0) return [];
  const rows = await ctx.db.kysely
    .selectFrom('chat_logs')
    .select(['id', 'files'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('id', 'in', ids.slice(-500))
    .where('files', '!=', '[]')
    .orderBy('id', 'desc')
    .execute();
  const out: number[] = [];
  for (const r of rows)
    for (const id of fileIdsOf(r.files)) if (!out.includes(id) && out.length < limit) out.push(id);
  return out;
}

export interface Exchange {
  userId: number;
  appId: number | null;
  modelName: string;
  prompt: string;
  /** What the question's picture is saved as (our own file as its path), or null. */
  picture: string | null;
  /** The files sent with the question and what of each was used. */
  files?: chat.UsedFile[];
  /** The message the question follows (null: the chat's start). */
  parentId: number | null;
  /** A saved question answered again: only the answer is saved, as a child of it. */
  regenerateOf: number | null;
}

/* The statements every answer writes, compiled once (db/compiled.ts). */
type LogRow = Required<
  Omit<
    Insertable<ChatLogsTable>,
    'id' | 'reasoning' | 'reasoning_ms' | 'finish_reason' | 'sources' | 'tool_calls'
  >
>;
const insertLog = compiledWith((db, v: LogRow) =>
  db.insertInto('chat_logs').values(v).returning('id'),
);
type Shown = { now: string; leafId: number; groupId: number; userId: number };
const groupShown = (db: Executor, v: Shown) =>
  db.updateTable('chat_groups').where('id', '=', v.groupId).where('user_id', '=', v.userId);
const showBranch = compiledWith((db, v: Shown) =>
  groupShown(db, v).set({ updated_at: v.now, leaf_id: v.leafId }),
);
const showRenamed = compiledWith((db, v: Shown & { title: string }) =>
  groupShown(db, v).set({ title: v.title, updated_at: v.now, leaf_id: v.leafId }),
);

/**
 * Saves the question and an empty, partial answer (or, answering a saved question again, the
 * answer only), shows their branch, and renames and touches the group.
 * Answers the two log ids: the question's, then the answer's.
 */
export async function saveExchange(
  trx: Executor,
  group: { id: number; title: string },
  e: Exchange,
): Promise<{ userLogId: number; assistantLogId: number }> {
  const now = nowIso();
  const logBase = {
    user_id: e.userId,
    group_id: group.id,
    app_id: e.appId,
    model: e.modelName,
    prompt_tokens: 0,
    completion_tokens: 0,
    credits: 0,
    created_at: now,
  };
  const userLogId =
    e.regenerateOf ??
    (
      await insertLog(trx, {
        ...logBase,
        role: 'user',
        content: e.prompt,
        image_url: e.picture,
        status: 'done',
        files: JSON.stringify(e.files ?? []),
        parent_id: e.parentId,
      })
    )[0]!.id;
  const [{ id: assistantLogId }] = (await insertLog(trx, {
    ...logBase,
    role: 'assistant',
    content: '',
    image_url: null,
    status: 'partial',
    files: '[]',
    parent_id: userLogId,
  })) as [{ id: number }];
  const shown = { now, leafId: assistantLogId, groupId: group.id, userId: e.userId };
  if (defaultTitles.has(group.title))
    await showRenamed(trx, { ...shown, title: titleFrom(e.prompt) });
  else await showBranch(trx, shown);
  return { userLogId, assistantLogId };
}

export interface ExchangeEnd {
  userLogId: number;
  assistantLogId: number;
  text: string;
  /** The model's thinking ('' for none), how long it lasted, and why the answer was cut. */
  reasoning: string;
  reasoningMs: number | null;
  cut: 'length' | 'content_filter' | null;
  status: 'done' | 'partial' | 'error';
  /** The tokens charged for; null when nothing was charged. */
  charged: { promptTokens: number; completionTokens: number } | null;
  credits: number;
  sources: unknown[];
  toolCalls: unknown[];
}

/** Writes the answer as it ended, and the question's tokens when it was charged. */
export async function finishExchange(db: Executor, end: ExchangeEnd): Promise<void> {
  await Promise.all([
    endAnswer(db, {
      id: end.assistantLogId,
      content: end.text,
      reasoning: end.reasoning,
      reasoning_ms: end.reasoningMs,
      finish_reason: end.cut,
      status: end.status,
      prompt_tokens: end.charged?.promptTokens ?? 0,
      completion_tokens: end.charged?.completionTokens ?? 0,
      credits: end.credits,
      sources: JSON.stringify(end.sources),
      tool_calls: JSON.stringify(end.toolCalls),
    }),
    end.charged
      ? chargedQuestion(db, { id: end.userLogId, prompt_tokens: end.charged.promptTokens })
      : null,
  ]);
}

/* The statements every answer's end writes, compiled once (db/compiled.ts). */
type AnswerEnd = Required<
  Pick<
    Updateable<ChatLogsTable>,
    | 'content'
    | 'reasoning'
    | 'reasoning_ms'
    | 'finish_reason'
    | 'status'
    | 'prompt_tokens'
    | 'completion_tokens'
    | 'credits'
    | 'sources'
    | 'tool_calls'
  >
> & { id: number };
const endAnswer = compiledWith((db, { id, ...v }: AnswerEnd) =>
  db.updateTable('chat_logs').set(v).where('id', '=', id),
);
const chargedQuestion = compiledWith((db, v: { id: number; prompt_tokens: number }) =>
  db.updateTable('chat_logs').set({ prompt_tokens: v.prompt_tokens }).where('id', '=', v.id),
);
