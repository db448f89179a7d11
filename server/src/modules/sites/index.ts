import type { AtelierModule } from '../module.js';
import { SiteDirectory } from './directory.js';
import { adminRoutes, publicRoutes } from './routes.js';
import { seedSites } from './seed.js';

export { readLocalized } from './kinds.js';
export { normalizeHost } from './directory.js';
export { siteDomainOf, siteExists, sitesForHost } from './lookup.js';

/** Sites: per-domain branding, the global config, notices, FAQ, side menu and ad jumps. */
export const sitesModule: AtelierModule = {
  name: 'sites',
  async routes(app) {
    const directory = new SiteDirectory(app.ctx.db);
    app.ctx.hooks.sitePage = async (host) => {
      const { site } = await directory.siteFor(host);
      return { language: site.language, indexPath: site.index_path };
    };
    publicRoutes(app, directory);
    adminRoutes(app, app.ctx.db, directory);
  },
  seed: (ctx) => seedSites(ctx.db),
};
