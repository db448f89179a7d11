import type { Kysely } from 'kysely';
import { auth } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { accountKey, insertAccount } from './accounts.js';
import type { Executor } from '../../db/executor.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { generatePassword, hashPassword } from './passwords.js';
import { closeAllSessions } from './sessions.js';

const findByUsername = (db: Executor, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('username_key', '=', accountKey(username))
    .where('kind', '=', 'registered')
    .executeTakeFirst();

/**
 * First start: without any admin, creates ADMIN_USERNAME with ADMIN_PASSWORD or a generated
 * password. Returns the line to print, only when it created the account.
 */
export async function seedAdmin(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string[]> {
  const db = ctx.db.kysely;
  const hasAdmin = () =>
    db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (await hasAdmin()) return [];
  const username = ctx.config.adminUsername;
  if (!auth.username.safeParse(username).success)
    return [
      `No admin created: ADMIN_USERNAME "${username}" is not a valid username (2–32 letters, digits, _ . -)`,
    ];
  const password = ctx.config.adminPassword ?? generatePassword();
  try {
    await insertAccount(db, {
      username,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
  } catch (error) {
    // Another instance created it at the same moment, or the name belongs to a user.
    if (await hasAdmin()) return [];
    if (await findByUsername(db, username))
      return [
        `No admin created: the username "${username}" is taken (run: npm run admin -- create-admin <username>)`,
      ];
    throw error;
  }
  return ctx.config.adminPassword
    ? [`Admin login: ${username} / (the ADMIN_PASSWORD you set)`]
    : [`Admin login: ${username} / ${password}`];
}

/** Creates an admin account, or makes an existing account an admin (its password kept unless given). */
export async function createAdmin(
  db: Kysely<Database>,
  username: string,
  password: string | undefined,
): Promise<{ outcome: 'created' | 'promoted'; password: string | null }> {
  const existing = await findByUsername(db, username);
  if (existing) {
    await db
      .updateTable('users')
      .set({ role: 'admin', updated_at: nowIso() })
      .where('id', '=', existing.id)
      .execute();
    if (password) await setPassword(db, existing.id, password);
    return { outcome: 'promoted', password: null };
  }
  const chosen = password ?? generatePassword();
  await insertAccount(db, { username, passwordHash: await hashPassword(chosen), role: 'admin' });
  return { outcome: 'created', password: chosen };
}

/** Sets a new password, signs out every device and lifts a sign-in lock. */
async function setPassword(db: Kysely<Database>, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await closeAllSessions(trx, userId);
    await clearFailures(trx, lockKeyOf({ id: userId }, ''));
  });
}

/** An operator's password reset; returns null when there is no such account. */
export async function resetPassword(
  db: Kysely<Database>,
  username: string,
  password: string | undefined,
): Promise<{ password: string } | null> {
  const existing = await findByUsername(db, username);
  if (!existing) return null;
  const chosen = password ?? generatePassword();
  await setPassword(db, existing.id, chosen);
  return { password: chosen };
}

/** The account the seeded examples belong to (docs/works.md): it has no password, no sign-in. */
export const EXAMPLES_USERNAME = 'atelier-examples';

/** The examples' account id, or null before the first start made it. */
export async function examplesAccountId(db: Executor): Promise<number | null> {
  return (await findByUsername(db, EXAMPLES_USERNAME))?.id ?? null;
}

/** The examples' account, made on first use (nickname "Atelier examples"); its id. */
export async function examplesAccount(db: Kysely<Database>): Promise<number> {
  const found = await findByUsername(db, EXAMPLES_USERNAME);
  if (found) return found.id;
  const id = await insertAccount(db, {
    username: EXAMPLES_USERNAME,
    passwordHash: null,
    role: 'user',
  });
  await db
    .updateTable('users')
    .set({ nickname: 'Atelier examples', updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return id;
}
