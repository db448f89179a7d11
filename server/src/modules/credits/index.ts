import type { AtelierModule } from '../module.js';

export const creditsModule: AtelierModule = {
  name: 'credits',
  async routes() {},
};
