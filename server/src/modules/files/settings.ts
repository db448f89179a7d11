import { files as contract, type files as Contract } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';

export type FileSettings = Contract.FileSettings;

const MB = 1024 * 1024;

/** A guest's quota unless the operator sets one: enough to try the site, not to store on it. */
export const GUEST_QUOTA_MB = 50;

/** The default quotas in bytes: an account's FILE_USER_QUOTA_BYTES, a guest's at most 50 MB. */
const defaultBytes = (ctx: AppContext): Record<keyof FileSettings, number> => {
  const user = ctx.config.files.userQuotaBytes;
  const guest = GUEST_QUOTA_MB * MB;
  return {
    userQuotaMb: user,
    guestQuotaMb: user === 0 ? guest : Math.min(user, guest),
    chatFileMaxMb: CHAT_FILE_MAX_MB * MB,
  };
};

/** The largest chat attachment unless the operator sets another (docs/chat.md). */
export const CHAT_FILE_MAX_MB = 20;

const shape = contract.fileSettings.shape;
type Key = keyof FileSettings;

/** The settings the operator saved (a missing or unreadable row is left out). */
async function savedSettings(ctx: AppContext): Promise<Partial<FileSettings>> {
  const rows = await ctx.db.kysely.selectFrom('file_settings').select(['key', 'value']).execute();
  const saved: Partial<FileSettings> = {};
  for (const row of rows) {
    if (!Object.hasOwn(shape, row.key)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(row.value);
    } catch {
      continue; // A hand-edited value that is not JSON keeps the default.
    }
    const parsed = shape[row.key as Key].safeParse(raw);
    if (parsed.success) saved[row.key as Key] = parsed.data;
  }
  return saved;
}

/** What the console shows: the saved settings, the defaults (rounded up to MB) for the rest. */
export async function readFileSettings(ctx: AppContext): Promise<FileSettings> {
  const d = defaultBytes(ctx);
  return {
    userQuotaMb: Math.ceil(d.userQuotaMb / MB),
    guestQuotaMb: Math.ceil(d.guestQuotaMb / MB),
    chatFileMaxMb: Math.ceil(d.chatFileMaxMb / MB),
    ...(await savedSettings(ctx)),
  };
}

export async function writeFileSettings(
  ctx: AppContext,
  changes: Partial<FileSettings>,
): Promise<FileSettings> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const json = JSON.stringify(value);
    await ctx.db.kysely
      .insertInto('file_settings')
      .values({ key, value: json, updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: nowIso() }))
      .execute();
  }
  return readFileSettings(ctx);
}

/** The bytes one account (or guest) may store; 0: no quota. */
export async function quotaBytesOf(ctx: AppContext, guest: boolean): Promise<number> {
  const key = guest ? 'guestQuotaMb' : 'userQuotaMb';
  const saved = (await savedSettings(ctx))[key];
  return saved === undefined ? defaultBytes(ctx)[key] : saved * MB;
}

/** The largest file one chat attachment may be, in bytes (console: Sites → Storage). */
export async function chatFileMaxBytes(ctx: AppContext): Promise<number> {
  const saved = (await savedSettings(ctx)).chatFileMaxMb;
  return (saved ?? CHAT_FILE_MAX_MB) * MB;
}
