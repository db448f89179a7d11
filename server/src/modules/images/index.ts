import type { AtelierModule } from '../module.js';
import { seedDemoModel } from '../providers/index.js';
import { imageKind, sd3Kind } from './kind.js';
import { MORE_DRAW_DEMOS } from './models.js';
import { imageRoutes } from './routes.js';

/**
 * Images: OpenAI images (DALL·E 2/3, gpt-image; generations and edits with a mask, also through
 * One API / New API relays), Black Forest Labs' FLUX and Gemini image models for /draw, and Stability SD3 (text-to-image, image-to-image) for
 * /sd3, as kinds `image` and `sd3` on the creation-kind kit (`kind.ts`), each with an offline
 * demo model (and /draw's FLUX and Gemini image demos). Their results are read through the drawing module's calls (draw list types 1 and
 * 2, status, delete, redo). See docs/images.md.
 */
export const imagesModule: AtelierModule = {
  name: 'images',
  async routes(app) {
    imageKind.register(app.ctx);
    sd3Kind.register(app.ctx);
    imageRoutes(app);
  },
  seed: async (ctx) => {
    const lines = [...(await imageKind.seed(ctx)), ...(await sd3Kind.seed(ctx))];
    for (const m of MORE_DRAW_DEMOS)
      if (await seedDemoModel(ctx, { ...m, kind: 'image' }))
        lines.push(`Images: the "${m.name}" model added`);
    return lines;
  },
};
