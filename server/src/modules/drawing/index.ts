import type { AtelierModule } from '../module.js';
import { seedGalleries } from './gallery.js';
import { galleryRoutes } from './gallery-routes.js';
import { chatDrawKind, mjKind } from './kind.js';
import { modelRoutes, seedImageModel } from './models.js';
import { seedDrawingPrices } from './prices.js';
import { moreRoutes } from './more-routes.js';
import { drawRoutes } from './routes.js';
import { wordRoutes } from './words.js';

/** Tasks of any drawing kind as the draw lists answer them (other image modules answer the same). */
export { toDrawTasks } from './routes.js';

/**
 * Drawing: Midjourney through a midjourney-proxy or the offline demo, and chat drawings, as
 * kinds on the creation-kind kit (`kind.ts`: `mj`, `chat-draw`; zips are the engine's `zip`); the results and
 * galleries of the Midjourney screen, translation and prompt suggestions. Tasks and files
 * belong to the tasks and files modules, which also move a guest's to its new account.
 */
export const drawingModule: AtelierModule = {
  name: 'drawing',
  async routes(app) {
    mjKind.register(app.ctx);
    chatDrawKind.register(app.ctx);
    app.ctx.guestData.register('drawing', async (trx, { fromUserId }) => {
      await trx.deleteFrom('drawing_user_params').where('user_id', '=', fromUserId).execute();
    });
    galleryRoutes(app);
    wordRoutes(app);
    modelRoutes(app);
    drawRoutes(app);
    moreRoutes(app);
  },
  async seed(ctx) {
    const lines = await seedDrawingPrices(ctx);
    if (await seedImageModel(ctx))
      lines.push('Drawing: the "Offline demo · Midjourney" model added');
    const added = await seedGalleries(ctx);
    if (added) lines.push(`Drawing: ${added} gallery entries added`);
    return lines;
  },
};
