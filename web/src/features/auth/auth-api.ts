import type { auth, identity, BodyIn } from '@atelier/contracts';
import { apiData } from '../../api/client';

/**
 * The endpoint descriptions load with the first call: this file is in the first page's graph
 * (the OpenID Connect return is read before the app starts), and importing the contracts here
 * put zod and every contract in the entry's chunk.
 */
const contracts = () => import('@atelier/contracts');

/** Signs in with a user name or email and a password; answers the session token. */
export const logIn = async (body: BodyIn<typeof auth.login>) =>
  apiData((await contracts()).auth.login, { body });

/** Creates an account (a guest's credits move to it); answers the session token. */
export const register = async (body: BodyIn<typeof auth.register>) =>
  apiData((await contracts()).auth.register, { body });

/** The ways this site offers (an emailed code only once the site can send mail). */
export const offeredWays = async () => apiData((await contracts()).identity.ways);

/** Mails a 6-digit sign-in code. */
export const sendEmailCode = async (email: string) =>
  apiData((await contracts()).identity.sendEmailCode, { body: { email } });

/** Signs in (or up) with the mailed code; answers the session token. */
export const emailLogin = async (body: BodyIn<typeof identity.emailLogin>) =>
  apiData((await contracts()).identity.emailLogin, { body });

/** Mails a link that sets a new password. */
export const forgotPassword = async (email: string) =>
  apiData((await contracts()).identity.forgotPassword, { body: { email } });

/** Sets the new password with the mailed link's token. */
export const resetPassword = async (body: BodyIn<typeof identity.resetPassword>) =>
  apiData((await contracts()).identity.resetPassword, { body });

/** Begins signing in with an OpenID Connect provider: answers the provider's URL. */
export const oidcStart = async (provider: string) =>
  apiData((await contracts()).identity.oidcStart, { body: { provider } });

/** Exchanges the ticket the provider's return left in the fragment. */
export const oidcFinish = async (body: BodyIn<typeof identity.oidcFinish>) =>
  apiData((await contracts()).identity.oidcFinish, { body });

/** Texts a 6-digit sign-in code. */
export const sendPhoneCode = async (phone: string) =>
  apiData((await contracts()).identity.sendPhoneCode, { body: { phone } });

/** Signs in (or up) with the texted code; answers the session token. */
export const phoneLogin = async (body: BodyIn<typeof identity.phoneLogin>) =>
  apiData((await contracts()).identity.phoneLogin, { body });
