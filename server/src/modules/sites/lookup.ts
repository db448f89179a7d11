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

/** A site's domain and whether it is the default one (undefined when there is no such site). */
export const siteDomainOf = (db: Executor, id: number) =>
  db
    .selectFrom('sites')
    .select(['id', 'domain', 'is_default'])
    .where('id', '=', id)
    .executeTakeFirst();
