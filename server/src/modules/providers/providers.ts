import { forgetCatalogue } from './catalogue-cache.js';
import type { Selectable } from 'kysely';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { secretBox, type SecretBox } from '../../lib/secret-box.js';
import { texts } from './messages.js';
import { isKnownProtocol, knownProtocols } from './protocols.js';
import { assertProviderUnused } from './uses.js';
import { withUniqueName } from './unique-name.js';
import type { ChatProvidersTable } from './tables.js';

export const PROVIDER_KEY_CONTEXT = 'chat:provider';

export type ProviderRow = Selectable<ChatProvidersTable>;

/** One secret box per app (its key derivation runs once). */
const boxes = new WeakMap<AppContext, SecretBox>();
export const boxOf = (ctx: AppContext): SecretBox => {
  let box = boxes.get(ctx);
  if (!box) boxes.set(ctx, (box = secretBox(ctx.config.secretKey)));
  return box;
};

/** A provider's API key in clear, from its sealed column. */
export const openProviderKey = (ctx: AppContext, sealed: string | null): string | null =>
  sealed ? boxOf(ctx).open(sealed, PROVIDER_KEY_CONTEXT) : null;

export const toProvider = (r: ProviderRow): C.Provider => ({
  id: r.id,
  name: r.name,
  protocol: r.protocol,
  baseUrl: r.base_url,
  apiKey: r.api_key_sealed ? 'set' : 'not set',
  concurrency: r.concurrency,
  timeoutMs: r.timeout_ms,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  lastCheck:
    r.last_check_ok === null || r.last_check_at === null
      ? null
      : { ok: r.last_check_ok === 1, at: r.last_check_at },
});

/** Refuses a protocol no kind's adapter map speaks (400 naming `protocol`), before any write. */
export function assertKnownProtocol(protocol: string | undefined): void {
  if (protocol === undefined || isKnownProtocol(protocol)) return;
  const known = knownProtocols()
    .map((p) => p.protocol)
    .join(', ');
  throw badRequest(texts.unknownProtocol, { protocol, known }, 'protocol');
}

/** The columns of a provider's fields (an unknown protocol is refused here: every write's path). */
export function providerColumns(ctx: AppContext, f: Partial<C.ProviderFields>) {
  assertKnownProtocol(f.protocol);
  const box = boxOf(ctx);
  return {
    ...(f.name !== undefined ? { name: f.name } : {}),
    ...(f.protocol !== undefined ? { protocol: f.protocol } : {}),
    ...(f.baseUrl !== undefined ? { base_url: f.baseUrl.replace(/\/+$/, '') } : {}),
    ...(f.apiKey !== undefined
      ? { api_key_sealed: f.apiKey === '' ? null : box.seal(f.apiKey, PROVIDER_KEY_CONTEXT) }
      : {}),
    ...(f.concurrency !== undefined ? { concurrency: f.concurrency } : {}),
    ...(f.timeoutMs !== undefined ? { timeout_ms: f.timeoutMs } : {}),
    ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
  };
}

/**
 * A protocol's own default timeout, where one call lasts as long as the work: Cloud Run's
 * separation answers when it is done (its own client waits 1,800 s; docs/separation.md).
 */
const protocolTimeouts: Partial<Record<C.ProviderFields['protocol'], number>> = {
  'audio-separator-cloudrun': 1_800_000,
};

const providerDefaults = (name: string, protocol: C.ProviderFields['protocol']) => ({
  name,
  protocol,
  base_url: '',
  api_key_sealed: null,
  concurrency: 10,
  timeout_ms: protocolTimeouts[protocol] ?? 60_000,
  enabled: 1,
});

export async function createProvider(
  ctx: AppContext,
  f: Partial<C.ProviderFields> & Pick<C.ProviderFields, 'name' | 'protocol'>,
): Promise<ProviderRow> {
  const now = nowIso();
  return withUniqueName(f.name, () =>
    ctx.db.kysely
      .insertInto('chat_providers')
      .values({
        ...providerDefaults(f.name, f.protocol),
        ...providerColumns(ctx, f),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .finally(forgetCatalogue),
  );
}

export async function updateProvider(
  ctx: AppContext,
  id: number,
  fields: Partial<C.ProviderFields>,
): Promise<ProviderRow> {
  return withUniqueName(fields.name ?? '', async () => {
    const row = await ctx.db.kysely
      .updateTable('chat_providers')
      .set({ ...providerColumns(ctx, fields), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
      .finally(forgetCatalogue);
    if (!row) throw notFound(texts.providerNotFound);
    return row;
  });
}

/** Deletes a provider with its models. */
/** Deletes a provider nothing uses any more (409 naming what still does: provider-uses.ts). */
export async function deleteProvider(ctx: AppContext, id: number): Promise<void> {
  await assertProviderUnused(ctx, id);
  const r = await ctx.db.kysely
    .deleteFrom('chat_providers')
    .where('id', '=', id)
    .executeTakeFirst()
    .finally(forgetCatalogue);
  if (Number(r.numDeletedRows) === 0) throw notFound(texts.providerNotFound);
}

export const listProviders = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('chat_providers').selectAll().orderBy('id').execute();

/** The provider a model names (400 naming `providerId` when there is none). */
export async function requireProvider(ctx: AppContext, id: number): Promise<ProviderRow> {
  const row = await ctx.db.kysely
    .selectFrom('chat_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw badRequest(texts.providerNotFound, {}, 'providerId');
  return row;
}
