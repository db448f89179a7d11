import type { AtelierModule } from '../module.js';
import { fileRoutes, registerRunner, resumeTasks, stopScheduler } from './engine.js';
import { galleryRoutes, seedGalleries } from './gallery.js';
import { mjRunner } from './mj-runner.js';
import { modelRoutes, seedImageModel } from './models.js';
import { moreRoutes } from './more-routes.js';
import { chatDrawRunner, zipRunner } from './other-runners.js';
import { drawRoutes } from './routes.js';
import { wordRoutes } from './words.js';

/**
 * Drawing: Midjourney through a midjourney-proxy or the offline demo (as tasks), the results
 * and galleries of the Midjourney screen, translation and prompt suggestions, chat drawings
 * and batch downloads.
 */
export const drawingModule: AtelierModule = {
  name: 'drawing',
  async routes(app) {
    const ctx = app.ctx;
    registerRunner(ctx, mjRunner(ctx));
    registerRunner(ctx, chatDrawRunner(ctx));
    registerRunner(ctx, zipRunner(ctx));
    app.addHook('onClose', async () => stopScheduler(ctx));
    ctx.guestData.register('drawing', async (trx, { fromUserId, toUserId }) => {
      await trx
        .updateTable('drawing_tasks')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
      await trx
        .updateTable('drawing_files')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
      await trx.deleteFrom('drawing_user_params').where('user_id', '=', fromUserId).execute();
    });
    fileRoutes(app);
    galleryRoutes(app);
    wordRoutes(app);
    modelRoutes(app);
    drawRoutes(app);
    moreRoutes(app);
  },
  async seed(ctx) {
    const lines: string[] = [];
    if (await seedImageModel(ctx))
      lines.push('Drawing: the "Offline demo · Midjourney" model added');
    const added = await seedGalleries(ctx);
    if (added) lines.push(`Drawing: ${added} gallery entries added`);
    return lines;
  },
  background(ctx) {
    void resumeTasks(ctx).catch((error: unknown) =>
      ctx.log.error({ err: (error as Error).message }, 'drawing tasks could not be resumed'),
    );
    return { stop: async () => stopScheduler(ctx) };
  },
};
