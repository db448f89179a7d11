import type { FastifyInstance } from 'fastify';
import { apps as A } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { texts } from './messages.js';
import {
  appSelect,
  checkModel,
  myAppIds,
  myAppRows,
  ownPersona,
  same,
  stored,
  textIn,
  toApp,
  visibleApp,
} from './service.js';

/** The store, "my apps" and personas: everything a user (or guest) does with apps. */
export function appRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, A.queryCats, async ({ lang }) => {
    const [cats, counts] = await Promise.all([
      db()
        .selectFrom('app_categories')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      db()
        .selectFrom('apps')
        .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('owner_id', 'is', null)
        .where('enabled', '=', 1)
        .groupBy('category_id')
        .execute(),
    ]);
    const count = new Map(counts.map((c) => [c.category_id, Number(c.n)]));
    const rows = cats.map((c) => ({
      id: c.id,
      name: textIn(c.name, lang),
      sort: c.sort,
      count: count.get(c.id) ?? 0,
    }));
    return { rows, count: rows.length };
  });

  route(app, A.listApps, async ({ query, identity, lang }) => {
    let q = appSelect(db()).where('a.owner_id', 'is', null).where('a.enabled', '=', 1);
    if (query.categoryId) q = q.where('a.category_id', '=', query.categoryId);
    const userId = identity?.userId ?? null;
    const [rows, mine] = await Promise.all([
      q.orderBy('a.sort').orderBy('a.id').execute(),
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

  const mineList = async (userId: number, lang: Parameters<typeof toApp>[1]) => {
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
      await addToMine(identity.userId, body.appId);
      setMessage(texts.collected);
      return null;
    },
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );

  route(app, A.uncollectApp, async ({ body, identity, setMessage }) => {
    await visibleApp(db(), body.appId, identity.userId);
    await db()
      .deleteFrom('user_apps')
      .where('user_id', '=', identity.userId)
      .where('app_id', '=', body.appId)
      .execute();
    setMessage(texts.uncollected);
    return null;
  });

  route(app, A.sortApps, async ({ body, identity, lang }) => {
    const userId = identity.userId;
    if (new Set(body.appIds).size !== body.appIds.length)
      throw badRequest(texts.sortIncomplete, {}, 'appIds');
    await db()
      .transaction()
      .execute(async (trx) => {
        const current = await trx
          .selectFrom('user_apps')
          .select(['id', 'app_id'])
          .where('user_id', '=', userId)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        const have = new Set(current.map((r) => r.app_id));
        const missing = body.appIds.find((id) => !have.has(id));
        if (missing !== undefined) throw notFound(texts.notInMyApps, { id: missing });
        // Listed apps first, in the order given; the others keep their order after them.
        const listed = new Set(body.appIds);
        const order = [
          ...body.appIds,
          ...current.map((r) => r.app_id).filter((id) => !listed.has(id)),
        ];
        await Promise.all(
          order.map((appId, sort) =>
            trx
              .updateTable('user_apps')
              .set({ sort })
              .where('user_id', '=', userId)
              .where('app_id', '=', appId)
              .execute(),
          ),
        );
      });
    return mineList(userId, lang);
  });

  /** Appends an app to the user's apps; adding one already there changes nothing. */
  async function addToMine(userId: number, appId: number) {
    const last = await db()
      .selectFrom('user_apps')
      .select((eb) => eb.fn.max<number | null>('sort').as('top'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await db()
      .insertInto('user_apps')
      .values({
        user_id: userId,
        app_id: appId,
        sort: Number(last?.top ?? -1) + 1,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'app_id']).doNothing())
      .execute();
  }

  // ------------------------------------------------------------ personas

  route(app, A.listPersonas, async ({ identity, lang }) => {
    const userId = identity.userId;
    const [rows, mine] = await Promise.all([
      appSelect(db()).where('a.owner_id', '=', userId).orderBy('a.id', 'desc').execute(),
      myAppIds(db(), userId),
    ]);
    return { rows: rows.map((r) => toApp(r, lang, userId, mine)), count: rows.length };
  });

  route(
    app,
    A.createPersona,
    async ({ body, identity, lang }) => {
      const userId = identity.userId;
      await checkModel(db(), body.modelId);
      const { n } = await db()
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= A.PERSONA_LIMIT)
        throw badRequest(texts.tooManyPersonas, { limit: A.PERSONA_LIMIT });
      const now = nowIso();
      const { id } = await db()
        .insertInto('apps')
        .values({
          owner_id: userId,
          category_id: null,
          name: stored(same(body.name)),
          description: stored(same(body.description)),
          cover: body.cover,
          system_prompt: stored(same(body.systemPrompt)),
          model_id: body.modelId,
          sort: 0,
          enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addToMine(userId, id);
      return toApp(await ownPersona(db(), id, userId), lang, userId, new Set([id]));
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );

  route(app, A.updatePersona, async ({ body, identity, lang }) => {
    const userId = identity.userId;
    await ownPersona(db(), body.id, userId);
    await checkModel(db(), body.modelId);
    await db()
      .updateTable('apps')
      .set({
        ...(body.name !== undefined ? { name: stored(same(body.name)) } : {}),
        ...(body.description !== undefined ? { description: stored(same(body.description)) } : {}),
        ...(body.cover !== undefined ? { cover: body.cover } : {}),
        ...(body.systemPrompt !== undefined
          ? { system_prompt: stored(same(body.systemPrompt)) }
          : {}),
        ...(body.modelId !== undefined ? { model_id: body.modelId } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', body.id)
      .where('owner_id', '=', userId)
      .execute();
    return toApp(
      await ownPersona(db(), body.id, userId),
      lang,
      userId,
      await myAppIds(db(), userId),
    );
  });

  route(app, A.deletePersona, async ({ body, identity }) => {
    const userId = identity.userId;
    await ownPersona(db(), body.id, userId);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('user_apps').where('app_id', '=', body.id).execute();
        await trx
          .deleteFrom('apps')
          .where('id', '=', body.id)
          .where('owner_id', '=', userId)
          .execute();
      });
    return null;
  });
}
