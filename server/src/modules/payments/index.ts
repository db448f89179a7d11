import type { AtelierModule } from '../module.js';

export const paymentsModule: AtelierModule = {
  name: 'payments',
  async routes() {},
};
