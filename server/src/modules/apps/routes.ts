import type { FastifyInstance } from 'fastify';
import { apps as A } from '@atelier/contracts';
import { badRequest } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { texts } from './messages.js';
import {
  addToMine,
  catalogueApps,
  categoriesWithCounts,
  createPersona,
  deletePersona,
  myAppIds,
  myAppRows,
  ownPersona,
  personasOf,
  removeFromMine,
  sortMine,
  toApp,
  updatePersona,
  visibleApp,
} from './service.js';

/** The store, "my apps" and personas: everything a user (or guest) does with apps. */
export function appRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, A.listCategories, async ({ lang }) => {
    const rows = await categoriesWithCounts(db(), lang);
    return { rows, count: rows.length };
  });

  route(app, A.listApps, async ({ query, identity, lang }) => {
    const userId = identity?.userId ?? null;
    const [rows, mine] = await Promise.all([
      catalogueApps(db(), query.categoryId),
      myAppIds(db(), userId),
    ]);
    // The catalogue is small (tens to a few thousand rows) and its texts are JSON in three
    // languages, so the search runs here, over the caller's language.
    const needle = query.keyword?.toLocaleLowerCase() ?? '';
    const found = rows
      .map((r) => toApp(r, lang, userId, mine))
      .filter(
        (a) =>
          !needle ||
          a.name.toLocaleLowerCase().includes(needle) ||
          a.description.toLocaleLowerCase().includes(needle),
      );
    const start = (query.page - 1) * query.size;
    return { rows: found.slice(start, start + query.size), count: found.length };
  });

  route(app, A.appDetail, async ({ query, identity, lang }) => {
    const userId = identity?.userId ?? null;
    const row = await visibleApp(db(), query.id, userId);
    return toApp(row, lang, userId, await myAppIds(db(), userId));
  });

  const mineList = async (userId: number, lang: Lang) => {
    const rows = await myAppRows(db(), userId);
    const ids = new Set(rows.map((r) => r.id));
    return { rows: rows.map((r) => toApp(r, lang, userId, ids)), count: rows.length };
  };

  route(app, A.myApps, async ({ identity, lang }) => mineList(identity.userId, lang));

  route(
    app,
    A.collectApp,
    async ({ body, identity, setMessage }) => {
      await visibleApp(db(), body.appId, identity.userId);
      await addToMine(db(), identity.userId, body.appId);
      setMessage(texts.collected);
      return null;
    },
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );

  route(app, A.uncollectApp, async ({ body, identity, setMessage }) => {
    await visibleApp(db(), body.appId, identity.userId);
    await removeFromMine(db(), identity.userId, body.appId);
    setMessage(texts.uncollected);
    return null;
  });

  route(app, A.sortApps, async ({ body, identity, lang }) => {
    if (new Set(body.appIds).size !== body.appIds.length)
      throw badRequest(texts.sortIncomplete, {}, 'appIds');
    await sortMine(db(), identity.userId, body.appIds);
    return mineList(identity.userId, lang);
  });

  personaRoutes(app);
}

function personaRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, A.listPersonas, async ({ identity, lang }) => {
    const userId = identity.userId;
    const [rows, mine] = await Promise.all([personasOf(db(), userId), myAppIds(db(), userId)]);
    return { rows: rows.map((r) => toApp(r, lang, userId, mine)), count: rows.length };
  });

  route(
    app,
    A.createPersona,
    async ({ body, identity, lang }) => {
      const userId = identity.userId;
      const id = await createPersona(db(), userId, body);
      return toApp(await ownPersona(db(), id, userId), lang, userId, new Set([id]));
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );

  route(app, A.updatePersona, async ({ body, identity, lang }) => {
    const userId = identity.userId;
    const { id, ...fields } = body;
    await updatePersona(db(), userId, id, fields);
    const mine = await myAppIds(db(), userId);
    return toApp(await ownPersona(db(), id, userId), lang, userId, mine);
  });

  route(app, A.deletePersona, async ({ body, identity }) => {
    await deletePersona(db(), identity.userId, body.id);
    return null;
  });
}
