import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { countMessageTokens, type ChatMessage } from '../../providers/chat/index.js';
import type { Executor } from '../../db/executor.js';
import { defaultTitles, titleFrom } from './groups.js';

/** Earlier messages of the group, newest kept first, within the token budget. */
export async function contextMessages(
  ctx: AppContext,
  groupId: number,
  userId: number,
  budget: number,
): Promise<ChatMessage[]> {
  const rows = await ctx.db.kysely
    .selectFrom('chat_logs')
    .select(['role', 'content'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('content', '!=', '')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
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

export interface Exchange {
  userId: number;
  appId: number | null;
  modelName: string;
  prompt: string;
  /** What the question's picture is saved as (our own file as its path), or null. */
  picture: string | null;
}

/**
 * Saves the question and an empty, partial answer, and renames and touches the group.
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
  const ids = await trx
    .insertInto('chat_logs')
    .values([
      { ...logBase, role: 'user', content: e.prompt, image_url: e.picture, status: 'done' },
      { ...logBase, role: 'assistant', content: '', image_url: null, status: 'partial' },
    ])
    .returning('id')
    .execute();
  const [userLogId, assistantLogId] = ids.map((r) => r.id).sort((a, b) => a - b) as [
    number,
    number,
  ];
  await trx
    .updateTable('chat_groups')
    .set({
      ...(defaultTitles.has(group.title) ? { title: titleFrom(e.prompt) } : {}),
      updated_at: now,
    })
    .where('id', '=', group.id)
    .execute();
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
    db
      .updateTable('chat_logs')
      .set({
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
      })
      .where('id', '=', end.assistantLogId)
      .execute(),
    end.charged
      ? db
          .updateTable('chat_logs')
          .set({ prompt_tokens: end.charged.promptTokens })
          .where('id', '=', end.userLogId)
          .execute()
      : null,
  ]);
}
