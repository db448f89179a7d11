import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { chatProtocolOf } from '../../providers/chat/index.js';
import {
  cachedCatalogueRead,
  modelAllowance,
  modelsWithProvider,
  openProviderKey,
} from '../providers/index.js';
import { texts } from './messages.js';

/**
 * A model a user may chat with now (enabled, its provider enabled), with its provider. The
 * model and provider row (with the opened key) is kept a few seconds, forgotten on any change
 * to providers or models; the user's standing is read every time.
 */
export async function usableModel(ctx: AppContext, modelId: number, userId: number) {
  const found = await cachedCatalogueRead(ctx.db.kysely, `usable-model:${modelId}`, async () => {
    const row = await modelsWithProvider(ctx.db.kysely)
      .where('m.id', '=', modelId)
      .where('m.enabled', '=', 1)
      .where('p.enabled', '=', 1)
      .executeTakeFirst();
    return row ? { row, apiKey: openProviderKey(ctx, row.api_key_sealed) } : null;
  });
  if (!found) throw notFound(texts.modelNotFound);
  const { row } = found;
  // An image, music or video model (or a midjourney-proxy or audio-separator provider) has no chat: it must not
  // answer one, nor be charged at its own price for it.
  const protocol = chatProtocolOf(row.protocol);
  if (row.kind !== 'chat' || !protocol)
    throw badRequest(texts.notAChatModel, { name: row.name }, 'gptModelId');
  if (row.vip_only === 1 && !(await ctx.balances.read(userId)).isVip)
    throw new AppError(403, texts.vipOnly);
  if (!(await modelAllowance(ctx, userId))(row.id)) throw new AppError(403, texts.notAllowed);
  return {
    model: row,
    provider: {
      id: row.pid,
      protocol,
      baseUrl: row.base_url,
      apiKey: found.apiKey,
      timeoutMs: row.timeout_ms,
      concurrency: row.concurrency,
    },
  };
}
