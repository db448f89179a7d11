import type { AtelierModule } from '../module.js';
import { catalogRoutes } from './catalog.js';
import { musicKind } from './kind.js';
import { lyricsRoutes } from './lyrics.js';
import { modelRoutes, notifyRoute, songRoutes } from './routes.js';

/**
 * AI music: songs through Suno (New API task format, self-hosted suno-api) or the offline
 * demo, as kind `music` of the task engine on the kind kit (kind.ts); extend, crop and whole
 * songs; lyrics drafts, style tags and demo songs (docs/music.md). Tasks and files belong to
 * the tasks and files modules, which also move a guest's to its new account.
 */
export const musicModule: AtelierModule = {
  name: 'music',
  async routes(app) {
    musicKind.register(app.ctx);
    modelRoutes(app);
    songRoutes(app);
    notifyRoute(app);
    lyricsRoutes(app);
    catalogRoutes(app);
  },
  seed: (ctx) => musicKind.seed(ctx),
};
