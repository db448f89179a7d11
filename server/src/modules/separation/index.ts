import { checkConnection } from '../../providers/audio/audio-separator.js';
import { registerProviderChecks } from '../providers/index.js';
import { registerTaskKind } from '../tasks/index.js';
import type { AtelierModule } from '../module.js';
import { seedSeparationModel } from './models.js';
import { separationRoutes } from './routes.js';
import { separationRunner } from './runner.js';

registerProviderChecks({ 'audio-separator': { checkConnection } });

/**
 * Audio separation: a song of the user's or an uploaded audio file → vocals and instrumental
 * stems, as the task kind `separation`, through a python-audio-separator server or the
 * offline demo (docs/separation.md).
 */
export const separationModule: AtelierModule = {
  name: 'separation',
  async routes(app) {
    registerTaskKind(app.ctx, separationRunner);
    separationRoutes(app);
  },
  async seed(ctx) {
    return (await seedSeparationModel(ctx))
      ? ['Separation: the "Offline demo · Separation" model added']
      : [];
  },
};
