import { registerProviderChecks } from '../providers/index.js';
import { registerTaskKind } from '../tasks/index.js';
import type { AtelierModule } from '../module.js';
import { catalogRoutes } from './catalog.js';
import { lyricsRoutes } from './lyrics.js';
import { modelRoutes, seedMusicModel } from './models.js';
import { seedMusicPrices } from './prices.js';
import { musicRunner } from './music-runner.js';
import { notifyRoute, songRoutes } from './routes.js';

import { musicProtocols } from './protocols.js';

registerProviderChecks(musicProtocols);

/**
 * AI music: songs through Suno (New API task format, self-hosted suno-api) or the offline
 * demo, as kind `music` of the task engine; extend, crop and whole songs; lyrics drafts,
 * style tags and demo songs (docs/music.md). Tasks and files belong to the tasks and files
 * modules, which also move a guest's to its new account.
 */
export const musicModule: AtelierModule = {
  name: 'music',
  async routes(app) {
    registerTaskKind(app.ctx, musicRunner);
    modelRoutes(app);
    songRoutes(app);
    notifyRoute(app);
    lyricsRoutes(app);
    catalogRoutes(app);
  },
  async seed(ctx) {
    const lines = await seedMusicPrices(ctx);
    if (await seedMusicModel(ctx)) lines.push('Music: the "Offline demo · Suno" model added');
    return lines;
  },
};
