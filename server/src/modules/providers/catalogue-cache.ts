import { ShortCache } from '../../lib/short-cache.js';

/**
 * Model and allow-list reads that every chat request makes, kept 5 s; every write to
 * providers, models or allow lists in this module forgets them (forgetCatalogue).
 */
export const catalogueCache = new ShortCache<string, unknown>(5000);

export const forgetCatalogue = (): void => catalogueCache.forget();

/** A cached read of the catalogue, kept per database and key. */
export const cachedCatalogueRead = <V>(db: object, key: string, read: () => Promise<V>) =>
  catalogueCache.get(db, key, read) as Promise<V>;
