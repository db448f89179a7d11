import { auth, identity, type BodyIn } from '@atelier/contracts';
import { apiData } from '../../api/client';

/** Signs in with a user name or email and a password; answers the session token. */
export const logIn = (body: BodyIn<typeof auth.login>) => apiData(auth.login, { body });

/** Creates an account (a guest's credits move to it); answers the session token. */
export const register = (body: BodyIn<typeof auth.register>) => apiData(auth.register, { body });

/** The ways this site offers (an emailed code only once the site can send mail). */
export const offeredWays = () => apiData(identity.ways);

/** Mails a 6-digit sign-in code. */
export const sendEmailCode = (email: string) =>
  apiData(identity.sendEmailCode, { body: { email } });

/** Signs in (or up) with the mailed code; answers the session token. */
export const emailLogin = (body: BodyIn<typeof identity.emailLogin>) =>
  apiData(identity.emailLogin, { body });

/** Mails a link that sets a new password. */
export const forgotPassword = (email: string) =>
  apiData(identity.forgotPassword, { body: { email } });

/** Sets the new password with the mailed link's token. */
export const resetPassword = (body: BodyIn<typeof identity.resetPassword>) =>
  apiData(identity.resetPassword, { body });

/** Begins signing in with an OpenID Connect provider: answers the provider's URL. */
export const oidcStart = (provider: string) => apiData(identity.oidcStart, { body: { provider } });

/** Exchanges the ticket the provider's return left in the fragment. */
export const oidcFinish = (body: BodyIn<typeof identity.oidcFinish>) =>
  apiData(identity.oidcFinish, { body });

/** Texts a 6-digit sign-in code. */
export const sendPhoneCode = (phone: string) =>
  apiData(identity.sendPhoneCode, { body: { phone } });

/** Signs in (or up) with the texted code; answers the session token. */
export const phoneLogin = (body: BodyIn<typeof identity.phoneLogin>) =>
  apiData(identity.phoneLogin, { body });
