import type { Selectable } from 'kysely';
import type { chat as C, BodyOut } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import { boxOf } from '../providers/index.js';
import type { ChatUserModelsTable } from './tables.js';
import { checkPublicUrl } from '../../lib/url-guard.js';

/** Users' own OpenAI-compatible endpoints ("bring your own key"): no credits, their key. */
export const BYOK_KEY_CONTEXT = 'chat:byok';

type ByokRow = Selectable<ChatUserModelsTable>;

export const toByok = (r: ByokRow): C.ByokModel => ({
  id: r.id,
  name: r.name,
  baseUrl: r.base_url,
  model: r.model,
  apiKey: r.api_key_sealed ? 'set' : 'not set',
  vision: r.vision === 1,
  createdAt: r.created_at,
});

/** Refuses an address on a private network unless the operator allows them. */
async function checkAddress(ctx: AppContext, url: string, field: string): Promise<void> {
  if (ctx.config.chat.byokAllowPrivate) return;
  const reason = await checkPublicUrl(url);
  if (reason) throw badRequest(texts.urlNotAllowed, { reason }, field);
}

/** The caller's own endpoint, 404 for anyone else's. */
export async function usableByok(ctx: AppContext, id: number, userId: number) {
  const row = await ctx.db.kysely
    .selectFrom('chat_user_models')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.modelNotFound);
  await checkAddress(ctx, row.base_url, 'gptModelUserId');
  const apiKey = row.api_key_sealed ? boxOf(ctx).open(row.api_key_sealed, BYOK_KEY_CONTEXT) : null;
  return { row, apiKey };
}

type ByokInput = BodyOut<typeof C.saveOwnEndpoint>;

/** Adds an endpoint (its key required) or changes one of the user's own (404 otherwise). */
export async function saveByok(ctx: AppContext, userId: number, body: ByokInput): Promise<ByokRow> {
  await checkAddress(ctx, body.baseUrl, 'baseUrl');
  const box = boxOf(ctx);
  const db = ctx.db.kysely;
  const now = nowIso();
  const fields = {
    name: body.name,
    base_url: body.baseUrl.replace(/\/+$/, ''),
    model: body.model,
    vision: body.vision ? 1 : 0,
    ...(body.apiKey !== undefined
      ? { api_key_sealed: body.apiKey ? box.seal(body.apiKey, BYOK_KEY_CONTEXT) : null }
      : {}),
    updated_at: now,
  };
  if (body.id !== undefined) {
    const row = await db
      .updateTable('chat_user_models')
      .set(fields)
      .where('id', '=', body.id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(texts.modelNotFound);
    return row;
  }
  if (!body.apiKey) throw badRequest(texts.keyRequired, {}, 'apiKey');
  return db
    .insertInto('chat_user_models')
    .values({ api_key_sealed: null, ...fields, user_id: userId, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const listByok = (ctx: AppContext, userId: number) =>
  ctx.db.kysely
    .selectFrom('chat_user_models')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export async function deleteByok(ctx: AppContext, userId: number, id: number): Promise<void> {
  const r = await ctx.db.kysely
    .deleteFrom('chat_user_models')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(texts.modelNotFound);
}
