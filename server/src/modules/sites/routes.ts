import type { FastifyInstance } from 'fastify';
import { sites, type Endpoint } from '@atelier/contracts';
import type { Db } from '../../db/database.js';
import { route } from '../../http/route.js';
import type { SiteDirectory, Snapshot } from './directory.js';
import { faqKind, jumpKind, menuKind, noticeKind, siteKind, type Entity } from './kinds.js';
import { sitesText } from './messages.js';
import {
  Rows,
  readGlobalConfig,
  writeGlobalConfig,
  type GlobalConfigUpdate,
} from './repository.js';

/** The site as the web uses it: its own name and icon, else the global ones. */
function withGlobal(site: sites.SiteConfig, global: sites.GlobalConfig): sites.SiteConfig {
  return {
    ...site,
    siteName: site.siteName || global.siteName,
    appIco: site.appIco || global.clientFavoIconPath,
  };
}

function aboutEntry(site: sites.SiteConfig): sites.AboutEntry {
  return {
    domain: site.domain,
    siteName: site.siteName,
    code: site.code,
    appName: site.siteName,
    appLogo: site.appLogo,
    appIco: site.appIco,
    contents: site.contents,
    pay: site.pay,
    recharge: site.recharge,
    menu: site.menu,
    index_path: site.index_path,
  };
}

const one = <T>(row: T) => ({ rows: [row], count: 1 });

function page<T>(rows: T[], q: { page: number; size: number }) {
  const start = (q.page - 1) * q.size;
  return { rows: rows.slice(start, start + q.size), count: rows.length };
}

/**
 * The calls the web makes at start and on its dialogs; all public and served from memory: the
 * sites from the directory's snapshot, how credits are obtained (the gift amounts, whether a
 * gateway is enabled) from reads kept 5 s that the console's saves forget at once.
 */
export function publicRoutes(app: FastifyInstance, directory: SiteDirectory): void {
  const resolve = async (hostname: string) => {
    const { site, snap } = await directory.siteFor(hostname);
    return { site: withGlobal(site, snap.global), snap };
  };

  const frontConfig = async (hostname: string) => {
    const [{ site, snap }, gifts, purchase] = await Promise.all([
      resolve(hostname),
      app.ctx.hooks.creditGifts(),
      app.ctx.hooks.purchasable(),
    ]);
    return { site, snap, config: { site, global: snap.global, credits: { purchase, ...gifts } } };
  };
  const hostNotices = (snap: Snapshot, site: sites.SiteConfig, kind: sites.NoticeKind) => {
    const rows = snap.notices.filter(
      (n) => n.kind === kind && (n.siteId === null || n.siteId === site.id),
    );
    return { rows, count: rows.length };
  };
  const activeJumps = (snap: Snapshot) => {
    const rows = snap.jumps.filter((j) => j.status === 1);
    return { rows, count: rows.length };
  };
  const enabledMenu = (snap: Snapshot) => {
    const rows = snap.menus.filter((m) => m.status === 1);
    return { rows, count: rows.length };
  };

  route(app, sites.clientConfig, async ({ req }) => (await frontConfig(req.hostname)).config);
  route(app, sites.hostAbout, async ({ req }) =>
    one(aboutEntry((await resolve(req.hostname)).site)),
  );
  // The five calls above and below the shell makes at start, in one answer.
  route(app, sites.getStartConfig, async ({ req }) => {
    const { site, snap, config } = await frontConfig(req.hostname);
    return {
      config,
      about: one(aboutEntry(site)),
      menu: enabledMenu(snap),
      jumps: activeJumps(snap),
      notices: hostNotices(snap, site, 'notice'),
    };
  });
  route(app, sites.hostSiteConfig, async ({ req }) => one((await resolve(req.hostname)).site));
  route(app, sites.hostDomain, async ({ req }) => {
    const { site } = await resolve(req.hostname);
    return one({ domain: site.domain, index_path: site.index_path, menu: site.menu });
  });
  route(app, sites.getGlobalConfig, async () => (await directory.snapshot()).global);

  const notices =
    (kind: sites.NoticeKind) =>
    async ({ req }: { req: { hostname: string } }) => {
      const { site, snap } = await resolve(req.hostname);
      return hostNotices(snap, site, kind);
    };
  route(app, sites.getNotices, notices('notice'));
  route(app, sites.getMjNotices, notices('mj'));

  route(app, sites.listJumps, async () => activeJumps(await directory.snapshot()));
  route(app, sites.listFaqs, async ({ query }) =>
    page(
      (await directory.snapshot()).faqs.filter((f) => f.status === query.status),
      query,
    ),
  );
  route(app, sites.listMenu, async ({ query }) =>
    page(
      (await directory.snapshot()).menus.filter((m) => m.status === query.status),
      query,
    ),
  );
}

interface CrudEndpoints {
  list: Endpoint;
  create: Endpoint;
  update: Endpoint;
  delete: Endpoint;
}

/**
 * One kind's admin list/create/update/delete. The contract has validated each body into the
 * kind's fields (`F`), which is why the casts below hold.
 */
function crudRoutes<E extends Entity, F>(
  app: FastifyInstance,
  endpoints: CrudEndpoints,
  rows: Pick<Rows<never, E, F>, 'list' | 'create' | 'update' | 'remove'>,
  changed: () => void,
): void {
  route(app, endpoints.list, async () => {
    const list = await rows.list();
    return { rows: list, count: list.length };
  });
  route(app, endpoints.create, async ({ body, setMessage }) => {
    const created = await rows.create(body as F);
    changed();
    setMessage(sitesText.saved);
    return created;
  });
  route(app, endpoints.update, async ({ body, setMessage }) => {
    const { id, ...fields } = body as F & { id: number };
    const updated = await rows.update(id, fields as F);
    changed();
    setMessage(sitesText.saved);
    return updated;
  });
  route(app, endpoints.delete, async ({ body, setMessage }) => {
    await rows.remove((body as { id: number }).id);
    changed();
    setMessage(sitesText.deleted);
    return null;
  });
}

/** Admin-only editing of every kind of row and of the global config. */
export function adminRoutes(app: FastifyInstance, db: Db, directory: SiteDirectory): void {
  const changed = () => directory.invalidate();
  crudRoutes(app, sites.adminSites, new Rows(db, siteKind), changed);
  crudRoutes(app, sites.adminNotices, new Rows(db, noticeKind), changed);
  crudRoutes(app, sites.adminFaqs, new Rows(db, faqKind), changed);
  crudRoutes(app, sites.adminMenus, new Rows(db, menuKind), changed);
  crudRoutes(app, sites.adminJumps, new Rows(db, jumpKind), changed);

  route(app, sites.adminGetGlobal, async () => readGlobalConfig(db));
  route(app, sites.adminUpdateGlobal, async ({ body, setMessage }) => {
    const saved = await writeGlobalConfig(db, body as GlobalConfigUpdate);
    changed();
    setMessage(sitesText.saved);
    return saved;
  });
}
