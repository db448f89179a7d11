import type { AtelierModule } from '../module.js';

export { accountsOf, signupsSince } from './figures.js';
import { adminRoutes } from './admin-routes.js';
import { adminUserRoutes } from './admin-user-routes.js';
import { seedAdmin } from './admins.js';
import { authRoutes } from './auth-routes.js';
import { emailRoutes } from './email-routes.js';
import { oidcRoutes } from './oidc-routes.js';
import { waysRoutes } from './ways-routes.js';
import { startAccountSweeper } from './sweeper.js';
import { userRoutes } from './user-routes.js';

/** Accounts, sessions (login devices), guests and the first admin. */
export const authModule: AtelierModule = {
  name: 'auth',
  async routes(app) {
    authRoutes(app);
    emailRoutes(app);
    waysRoutes(app);
    oidcRoutes(app);
    userRoutes(app);
    adminRoutes(app);
    adminUserRoutes(app);
  },
  seed: seedAdmin,
  background: (ctx) => startAccountSweeper(ctx),
};
