import type { AtelierModule } from '../module.js';
import { callbackRoutes } from './callback.js';
import { seedDemos } from './demo-store.js';
import { demoRoutes } from './demos.js';
import { videoKind } from './kind.js';
import { videoRoutes } from './routes.js';

/**
 * Video: Runway, Luma (official and relayed), Kling, Pika (relayed), OpenAI-style
 * `/v1/videos` and the offline demo as one task kind `video` (docs/video.md): queue calls,
 * upstream callbacks with polling as the fallback, the results list, cut/extend/last frame,
 * and the example clips; on the kind kit (kind.ts).
 */
export const videoModule: AtelierModule = {
  name: 'video',
  async routes(app) {
    videoKind.register(app.ctx);
    videoRoutes(app);
    callbackRoutes(app);
    demoRoutes(app);
  },
  async seed(ctx) {
    const lines = await videoKind.seed(ctx);
    const demos = await seedDemos(ctx);
    if (demos) lines.push(`Video: ${demos} example clips added`);
    return lines;
  },
};
