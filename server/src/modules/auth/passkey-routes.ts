import type { FastifyInstance } from 'fastify';
import { identity } from '@atelier/contracts';
import { route } from '../../http/route.js';
import { authMessages } from './messages.js';
import {
  deletePasskey,
  listPasskeys,
  passkeySignupOptions,
  renamePasskey,
  signInWithPasskey,
  signUpWithPasskey,
} from './passkey-account.js';
import { passkeyMessages } from './passkey-messages.js';
import { loginOptions, registerOptions, savePasskey } from './passkey-ways.js';

/** Signing in with a passkey, and the user centre's passkeys (docs/identity.md, Passkeys). */
export function passkeyRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };

  route(app, identity.passkeyLoginOptions, async ({ req }) => loginOptions(ctx, req), limited);

  route(
    app,
    identity.passkeyLogin,
    async ({ body, req, setMessage }) => {
      const token = await signInWithPasskey(ctx, req, body.response);
      setMessage(authMessages.signedIn);
      return { token };
    },
    limited,
  );

  route(
    app,
    identity.passkeySignupOptions,
    async ({ req, lang }) => passkeySignupOptions(ctx, req, lang),
    limited,
  );

  route(
    app,
    identity.passkeySignup,
    async ({ body, req, setMessage }) => {
      const token = await signUpWithPasskey(ctx, req, body);
      setMessage(authMessages.registered);
      return { token, created: true as const };
    },
    limited,
  );

  route(app, identity.listPasskeys, async ({ identity: who, req }) =>
    listPasskeys(ctx, req, who.userId),
  );

  route(
    app,
    identity.passkeyRegisterOptions,
    async ({ identity: who, req, lang }) => registerOptions(ctx, req, lang, who.userId),
    limited,
  );

  route(
    app,
    identity.registerPasskey,
    async ({ body, identity: who, req, setMessage }) => {
      const id = await savePasskey(ctx, req, who.userId, body.name, body.response);
      const { rows } = await listPasskeys(ctx, req, who.userId);
      setMessage(passkeyMessages.saved);
      return rows.find((r) => r.id === id)!;
    },
    limited,
  );

  route(
    app,
    identity.renamePasskey,
    async ({ body, identity: who, setMessage }) => {
      await renamePasskey(ctx, who.userId, body.id, body.name);
      setMessage(passkeyMessages.renamed);
      return null;
    },
    limited,
  );

  route(
    app,
    identity.deletePasskey,
    async ({ body, identity: who, req, setMessage }) => {
      await deletePasskey(ctx, req, who.userId, body.id);
      setMessage(passkeyMessages.removed);
      return null;
    },
    limited,
  );
}
