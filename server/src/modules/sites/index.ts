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
      const { site, snap } = await directory.siteFor(host);
      const entries = snap.menus
        .filter((m) => m.status === 1)
        .sort((a, b) => a.sort - b.sort)
        .map((m) => ({ name: m.name, title: m.title }));
      return {
        language: site.language,
        indexPath: site.index_path,
        firstPaint: {
          siteName: site.siteName,
          appLogo: site.appLogo,
          menu: site.menu,
          entries,
          clientMenuList: snap.global.clientMenuList,
        },
      };
    };
    publicRoutes(app, directory);
    adminRoutes(app, app.ctx.db, directory);
  },
  seed: (ctx) => seedSites(ctx.db),
};
