import { videoAdapters } from '../../providers/video/index.js';
import { registerProviderChecks } from '../providers/index.js';
import { registerTaskKind } from '../tasks/index.js';
import type { AtelierModule } from '../module.js';
import { callbackRoutes } from './callback.js';
import { demoRoutes, seedDemos } from './demos.js';
import { seedVideoModel } from './models.js';
import { seedVideoPrices } from './prices.js';
import { videoRoutes } from './routes.js';
import { videoRunner } from './runner.js';

registerProviderChecks(videoAdapters);

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
    lines.push(...(await seedVideoPrices(ctx)));
    const demos = await seedDemos(ctx);
    if (demos) lines.push(`Video: ${demos} example clips added`);
    return lines;
  },
};
