import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of the sites table, as functions (only this module queries it,
 * scripts/check-tables.mjs).
 */

/** The site configured under a host name and the default site (either may be missing). */
export const sitesForHost = (db: Executor, host: string) =>
  db
    .selectFrom('sites')
    .select(['id', 'domain', 'is_default', 'site_name'])
    .where((eb) => eb.or([eb('domain', '=', host), eb('is_default', '=', 1)]))
    .execute();

/** Whether a site of this id exists. */
export async function siteExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
