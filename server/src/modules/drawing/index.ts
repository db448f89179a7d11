import type { AtelierModule } from '../module.js';
import { galleryRoutes, seedGalleries } from './gallery.js';
import { modelRoutes, seedImageModel } from './models.js';
import { wordRoutes } from './words.js';

/**
 * Drawing: Midjourney through a midjourney-proxy or the offline demo (tasks run by the task
 * engine), the results and galleries of the Midjourney screen, translation and prompt
 * suggestions, chat drawings and batch downloads.
 */
export const drawingModule: AtelierModule = {
  name: 'drawing',
  async routes(app) {
    galleryRoutes(app);
    wordRoutes(app);
    modelRoutes(app);
  },
  async seed(ctx) {
    const lines: string[] = [];
    if (await seedImageModel(ctx))
      lines.push('Drawing: the "Offline demo · Midjourney" model added');
    const added = await seedGalleries(ctx);
    if (added) lines.push(`Drawing: ${added} gallery entries added`);
    return lines;
  },
};
