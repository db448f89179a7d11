import type { AtelierModule } from '../module.js';

export const sitesModule: AtelierModule = {
  name: 'sites',
  async routes() {},
};
