import { registerProviderChecks } from '../providers/index.js';
import { registerTaskKind } from '../tasks/index.js';
import type { AtelierModule } from '../module.js';
import { imageRunner } from './image-runner.js';
import { seedImageModels } from './models.js';
import { imageRoutes } from './routes.js';
import { sd3Protocols, sd3Runner } from './sd3-runner.js';

registerProviderChecks(sd3Protocols);

/**
 * Images: OpenAI images (DALL·E 2/3, gpt-image; generations and edits with a mask, also through
 * One API / New API relays) for /draw, and Stability SD3 (text-to-image, image-to-image) for
 * /sd3, as kinds `image` and `sd3` of the task engine, each with an offline demo model. Their
 * results are read through the drawing module's calls (draw list types 1 and 2, status, delete,
 * redo). See docs/images.md.
 */
export const imagesModule: AtelierModule = {
  name: 'images',
  async routes(app) {
    registerTaskKind(app.ctx, imageRunner);
    registerTaskKind(app.ctx, sd3Runner);
    imageRoutes(app);
  },
  seed: (ctx) => seedImageModels(ctx),
};
