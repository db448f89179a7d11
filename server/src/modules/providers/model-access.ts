import type * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { cachedCatalogueRead, forgetCatalogue } from './catalogue-cache.js';
import { notFound } from '../../http/errors.js';
import { texts } from './messages.js';

/*
 * Per-model allow lists (`chat_model_access`): a model with a non-empty list of users or
 * groups (`user`: any registered account, `vip`: members, `admin`) serves only them; a
 * model without a row (or with two empty lists) serves everyone. Enforced wherever a model is
 * chosen: the chat and drawing model lists hide it, choosing it answers 403.
 */

type Group = A.ModelAccess['groups'][number];

const parseIds = (text: string): number[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
};

export async function accessRows(ctx: AppContext): Promise<A.ModelAccess[]> {
  const rows = await ctx.db.kysely.selectFrom('chat_model_access').selectAll().execute();
  return rows.map((r) => ({
    modelId: r.model_id,
    userIds: parseIds(r.user_ids),
    groups: (JSON.parse(r.groups) as Group[]) ?? [],
  }));
}

/** The non-empty allow lists by model (kept a few seconds: every chat request reads them). */
const allowLists = (ctx: AppContext) =>
  cachedCatalogueRead(ctx.db.kysely, 'allow-lists', async () => {
    const rows = await accessRows(ctx);
    return new Map(
      rows.filter((r) => r.userIds.length > 0 || r.groups.length > 0).map((r) => [r.modelId, r]),
    );
  });

/**
 * Which models a caller may use: a predicate over model ids. `userId` null: an anonymous
 * caller, who may use only models without a list.
 */
export async function modelAllowance(
  ctx: AppContext,
  userId: number | null,
): Promise<(modelId: number) => boolean> {
  const lists = await allowLists(ctx);
  if (lists.size === 0) return () => true;
  const groups = new Set<Group>();
  if (userId !== null) {
    // Accounts are the auth module's (the context's hook: auth reaches providers).
    const user = (await ctx.hooks.accounts(ctx.db.kysely, [userId])).get(userId);
    if (user?.role === 'user' || user?.role === 'admin') groups.add('user');
    if (user?.role === 'admin') groups.add('admin');
    if ((await ctx.balances.read(userId)).isVip) groups.add('vip');
  }
  return (modelId) => {
    const list = lists.get(modelId);
    if (!list) return true;
    if (userId !== null && list.userIds.includes(userId)) return true;
    return list.groups.some((g) => groups.has(g));
  };
}

/** Replaces a model's allow lists (404 when there is no such model). */
export async function setModelAccess(
  ctx: AppContext,
  body: { modelId: number; userIds: number[]; groups: Group[] },
): Promise<A.ModelAccess> {
  const db = ctx.db.kysely;
  const model = await db
    .selectFrom('chat_models')
    .select('id')
    .where('id', '=', body.modelId)
    .executeTakeFirst();
  if (!model) throw notFound(texts.modelNotFound);
  const userIds = [...new Set(body.userIds)];
  const groups = [...new Set(body.groups)];
  const values = { user_ids: JSON.stringify(userIds), groups: JSON.stringify(groups) };
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('chat_model_access').where('model_id', '=', body.modelId).execute();
      await trx
        .insertInto('chat_model_access')
        .values({ model_id: body.modelId, ...values })
        .execute();
    })
    .finally(forgetCatalogue);
  return { modelId: body.modelId, userIds, groups };
}
