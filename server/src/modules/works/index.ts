import type { AtelierModule } from '../module.js';
import { onTasksDeleted } from '../tasks/index.js';
import { albumOrderRoutes, albumRoutes } from './album-routes.js';
import { collectRoutes } from './collect-routes.js';
import { mineRoutes, zipRoute } from './mine-routes.js';
import { moderationRoutes } from './moderation.js';
import { publicRoutes } from './public-routes.js';
import { examplesApart, seedExampleWorks } from './examples.js';
import { sharePage } from './share.js';
import { registerReactionTarget, workTarget } from './targets.js';

export { registerReactionTarget, type ReactionTarget, type TargetCard } from './targets.js';
export {
  countExampleWorks,
  exampleWorkIds,
  exampleWorks,
  paintExamplesApart,
  removeExampleWorks,
} from './examples.js';

/**
 * Works (docs/works.md): history over every kind, my gallery, publishing, the public square and
 * designers' pages, albums, likes and collections of any target type (`work`, `prompt`),
 * reports and moderation, and the `/s/<id>` share page. Built over the task engine's rows
 * only: a kind with stored files is a work without changes here.
 */
export const worksModule: AtelierModule = {
  name: 'works',
  async routes(app) {
    const ctx = app.ctx;
    registerReactionTarget(ctx, 'work', workTarget);
    // A deleted task's work, album places and tags go by foreign key; likes, collections and
    // reports point at it by (type, id), so they go here, in the same transaction.
    onTasksDeleted(ctx, async (trx, ids) => {
      for (const table of ['reactions', 'reports'] as const)
        await trx
          .deleteFrom(table)
          .where('target_type', '=', 'work')
          .where('target_id', 'in', ids)
          .execute();
    });
    ctx.guestData.register('works', async (trx, { fromUserId, toUserId }) => {
      await trx
        .updateTable('works')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
    });
    mineRoutes(app);
    zipRoute(app);
    publicRoutes(app);
    albumRoutes(app);
    albumOrderRoutes(app);
    collectRoutes(app);
    moderationRoutes(app);
  },
  pages(app) {
    sharePage(app);
  },
  async seed(ctx) {
    // In the server, made by a process of its own with the market's example prompts.
    const apart = await examplesApart(ctx);
    if (apart) return apart;
    const made = await seedExampleWorks(ctx);
    return made ? [`Works: ${made} example works added (SEED_EXAMPLES=false: none)`] : [];
  },
};
