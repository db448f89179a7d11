import { auth, identity, wechat } from '@atelier/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppHooks } from '../../context.js';
import type { AtelierModule } from '../module.js';
import { assertHuman, markIp } from './captcha.js';

export { accountsOf, signupsSince } from './figures.js';
export { examplesAccount, examplesAccountId, EXAMPLES_USERNAME } from './admins.js';
import { adminRoutes } from './admin-routes.js';
import { adminUserRoutes } from './admin-user-routes.js';
import { seedAdmin } from './admins.js';
import { authRoutes } from './auth-routes.js';
import { emailRoutes } from './email-routes.js';
import { oidcRoutes } from './oidc-routes.js';
import { passkeyRoutes } from './passkey-routes.js';
import { phoneRoutes } from './phone-routes.js';
import { waysRoutes } from './ways-routes.js';
import { wechatRoutes } from './wechat/routes.js';
import { accountCardsOf, accountIdByName } from './figures.js';
import { startAccountSweeper } from './sweeper.js';
import { userRoutes } from './user-routes.js';

/** Accounts, sessions (login devices), guests and the first admin. */
export const authModule: AtelierModule = {
  name: 'auth',
  async routes(app) {
    installAccountHooks(app.ctx.hooks);
    // Where abuse was seen, these calls need a solved captcha (captcha.ts), when it is on.
    if (app.ctx.config.signup.captcha) captchaWhenAbuse(app);
    authRoutes(app);
    emailRoutes(app);
    phoneRoutes(app);
    passkeyRoutes(app);
    waysRoutes(app);
    oidcRoutes(app);
    wechatRoutes(app);
    userRoutes(app);
    adminRoutes(app);
    adminUserRoutes(app);
  },
  seed: seedAdmin,
  background: (ctx) => startAccountSweeper(ctx),
};

/**
 * What other modules read of the accounts through the context (they cannot import auth): the
 * server installs these when it registers auth, the admin CLI (which loads no module) itself.
 */
export function installAccountHooks(hooks: AppHooks): void {
  hooks.accounts = accountCardsOf;
  hooks.accountIdByName = accountIdByName;
}

function captchaWhenAbuse(app: FastifyInstance): void {
  app.ctx.hooks.abuseSeen = async ({ req }) => markIp(app.ctx, req.ip);
  const guarded = new Set(
    [
      auth.login,
      auth.register,
      auth.createGuest,
      identity.sendEmailCode,
      identity.emailLogin,
      identity.forgotPassword,
      identity.sendLinkCode,
      identity.sendPhoneCode,
      identity.phoneLogin,
      identity.sendPhoneLinkCode,
      identity.oidcStart,
      wechat.startSignIn,
      identity.passkeyLoginOptions,
      identity.passkeySignupOptions,
      identity.passkeySignup,
    ].map((e) => `/api${e.path}`),
  );
  // A callback hook: the reads (nearly every request) pass without a promise.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.method !== 'POST' || !guarded.has(req.routeOptions.url ?? '')) return done();
    assertHuman(app.ctx, req).then(() => done(), done);
  });
}
