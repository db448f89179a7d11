import type { AtelierModule } from '../module.js';
import { adminAppRoutes } from './admin-routes.js';
import { appRoutes } from './routes.js';
import { seedCatalogue } from './seed.js';
import { appInUse } from './service.js';

/**
 * Apps and personas: the app store's catalogue, users' own personas and "my apps". A chat
 * started from an app gets the app's system prompt (and model, when it fixes one) through the
 * `appPrompt` hook of the app context, installed here.
 */
export const appsModule: AtelierModule = {
  name: 'apps',
  async routes(app) {
    app.ctx.hooks.appPrompt = (ctx, { appId, userId, lang }) => appInUse(ctx, appId, userId, lang);
    app.ctx.guestData.register('apps', async (trx, { fromUserId, toUserId }) => {
      // The account keeps its own entry when both kept the same app.
      const kept = trx.selectFrom('user_apps').select('app_id').where('user_id', '=', toUserId);
      await trx
        .deleteFrom('user_apps')
        .where('user_id', '=', fromUserId)
        .where('app_id', 'in', kept)
        .execute();
      await trx
        .updateTable('user_apps')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
      await trx
        .updateTable('apps')
        .set({ owner_id: toUserId })
        .where('owner_id', '=', fromUserId)
        .execute();
    });
    appRoutes(app);
    adminAppRoutes(app);
  },
  seed: (ctx) => seedCatalogue(ctx),
};
