import type { AtelierModule } from '../module.js';
import { separationKind } from './kind.js';
import { separationRoutes } from './routes.js';

/**
 * Audio separation: a song of the user's or an uploaded audio file → vocals and instrumental
 * stems, as the task kind `separation`, through a python-audio-separator server (its API
 * server or its Cloud Run deployment) or the offline demo (docs/separation.md).
 */
export const separationModule: AtelierModule = {
  name: 'separation',
  async routes(app) {
    separationKind.register(app.ctx);
    separationRoutes(app);
  },
  seed: (ctx) => separationKind.seed(ctx),
};
