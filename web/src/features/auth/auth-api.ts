import { auth, type BodyIn } from '@atelier/contracts';
import { apiData } from '../../api/client';

/** Signs in with a user name or email and a password; answers the session token. */
export const logIn = (body: BodyIn<typeof auth.login>) => apiData(auth.login, { body });

/** Creates an account (a guest's credits move to it); answers the session token. */
export const register = (body: BodyIn<typeof auth.register>) => apiData(auth.register, { body });
