import type { AtelierModule } from '../module.js';

export const authModule: AtelierModule = {
  name: 'auth',
  async routes() {},
};
