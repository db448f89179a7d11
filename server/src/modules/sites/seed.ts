import { nowIso, type Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { defaultFaqs, defaultMenu, defaultNotices, defaultSite } from './defaults.js';
import { faqKind, menuKind, noticeKind, siteKind } from './kinds.js';

/**
 * A fresh install gets the default site with its menu, notices and FAQ, once: the default site
 * cannot be deleted, so its presence marks the seed as done and an admin's later deletions of
 * notices, questions or menu entries stay deleted.
 */
export async function seedSites(db: Db): Promise<string[]> {
  const done = await db.kysely
    .selectFrom('sites')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirst();
  if (done) return [];
  const now = nowIso();
  const stamp = { created_at: now, updated_at: now };
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('sites')
        .values({ ...siteKind.toColumns(defaultSite), ...stamp })
        .execute();
      await trx
        .insertInto('site_notices')
        .values(defaultNotices.map((n) => ({ ...noticeKind.toColumns(n), ...stamp })))
        .execute();
      await trx
        .insertInto('site_faqs')
        .values(defaultFaqs.map((f) => ({ ...faqKind.toColumns(f), ...stamp })))
        .execute();
      await trx
        .insertInto('site_menu_entries')
        .values(defaultMenu.map((m) => ({ ...menuKind.toColumns(m), ...stamp })))
        .execute();
    });
  } catch (error) {
    // Another process seeding at the same moment won the unique domain `default`.
    if (isUniqueViolation(error)) return [];
    throw error;
  }
  return [`Sites: default site "${defaultSite.siteName}" created (npm run admin -- site default)`];
}
