import type { AtelierModule } from '../module.js';
import { adminRoutes } from './admin.js';
import { purchasable } from './gateway-settings.js';
import { notifyRoutes } from './notify-routes.js';
import { seedPackages } from './packages.js';
import { startReconciler } from './reconciler.js';
import { userRoutes } from './routes.js';

export { orderCountsOf, paymentsSince } from './figures.js';
export { reconcilePayments } from './reconciler.js';

/** Packages, orders, payment gateways (epay, WeChat Pay v3, Stripe, manual) and the reconciler. */
export const paymentsModule: AtelierModule = {
  name: 'payments',
  async routes(app) {
    app.ctx.hooks.purchasable = () => purchasable(app.ctx);
    await userRoutes(app);
    await adminRoutes(app);
    await app.register(notifyRoutes, { prefix: '/pay/notify' });
  },
  seed: (ctx) => seedPackages(ctx),
  background: (ctx) => startReconciler(ctx),
};
