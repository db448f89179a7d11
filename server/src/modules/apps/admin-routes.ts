import type { FastifyInstance } from 'fastify';
import { apps as A } from '@atelier/contracts';
import { route } from '../../http/route.js';
import {
  createCatalogueApp,
  createCategory,
  deleteCatalogueApp,
  deleteCategory,
  listCatalogueApps,
  listCategories,
  toAdminApp,
  toCategory,
  updateCatalogueApp,
  updateCategory,
} from './admin-service.js';

/** The operator's catalogue: categories and public apps (users' personas are not listed). */
export function adminAppRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, A.adminListCategories, async () => {
    const rows = await listCategories(db());
    return { rows: rows.map(toCategory), count: rows.length };
  });
  route(app, A.adminCreateCategory, async ({ body }) =>
    toCategory(await createCategory(db(), body)),
  );
  route(app, A.adminUpdateCategory, async ({ body }) =>
    toCategory(await updateCategory(db(), body.id, body)),
  );
  route(app, A.adminDeleteCategory, async ({ body }) => {
    await deleteCategory(db(), body.id);
    return null;
  });

  route(app, A.adminListApps, async () => {
    const rows = await listCatalogueApps(db());
    return { rows: rows.map(toAdminApp), count: rows.length };
  });
  route(app, A.adminCreateApp, async ({ body }) =>
    toAdminApp(await createCatalogueApp(db(), body)),
  );
  route(app, A.adminUpdateApp, async ({ body }) =>
    toAdminApp(await updateCatalogueApp(db(), body.id, body)),
  );
  route(app, A.adminDeleteApp, async ({ body }) => {
    await deleteCatalogueApp(db(), body.id);
    return null;
  });
}
