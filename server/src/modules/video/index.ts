import { videoAdapters } from '../../providers/video/index.js';
import { registerProviderChecks } from '../providers/index.js';
import { seedPrice } from '../credits/index.js';
import { registerTaskKind } from '../tasks/index.js';
import type { AtelierModule } from '../module.js';
import { callbackRoutes } from './callback.js';
import { demoRoutes, seedDemos } from './demos.js';
import { seedVideoModel } from './models.js';
import { videoRoutes } from './routes.js';
import { videoRunner } from './runner.js';

registerProviderChecks(videoAdapters);

/** Demo prices of the actions the credits module's seed does not know. */
const PRICES = [
  { action: 'extend', label: 'Offline demo: extend video', credits: 20 },
  { action: 'anime', label: 'Offline demo: anime-style video', credits: 25 },
];

/**
 * Video: Runway, Luma (official and relayed), Kling, Pika (relayed), OpenAI-style
 * `/v1/videos` and the offline demo as one task kind `video` (docs/video.md): queue calls,
 * upstream callbacks with polling as the fallback, the results list, cut/extend/last frame,
 * and the example clips.
 */
export const videoModule: AtelierModule = {
  name: 'video',
  async routes(app) {
    registerTaskKind(app.ctx, videoRunner);
    videoRoutes(app);
    callbackRoutes(app);
    demoRoutes(app);
  },
  async seed(ctx) {
    const lines: string[] = [];
    if (await seedVideoModel(ctx)) lines.push('Video: the "Offline demo · Video" model added');
    for (const [i, p] of PRICES.entries())
      if (
        await seedPrice(ctx.db.kysely, {
          ...p,
          model: 'demo-video',
          category: 'video',
          sort: 900 + i,
        })
      )
        lines.push(`Video: price demo-video:${p.action} added`);
    const demos = await seedDemos(ctx);
    if (demos) lines.push(`Video: ${demos} example clips added`);
    return lines;
  },
};
