import { create } from 'zustand';
import type { identity } from '@atelier/contracts';
import { offeredWays } from './auth-api';

/**
 * The ways the login dialog offers on this site, read when the dialog is first asked for (its
 * loader in the dialog host waits for them, so its tabs do not change after it shows; a first
 * visit does not pay for the call): until known, only the password, which every site offers.
 */
export const useOfferedWays = create<identity.OfferedWays>(() => ({
  order: ['password'],
  password: true,
  forgot: false,
  email: false,
  phone: false,
  wechat: false,
  passkey: false,
  oidc: [],
}));

let loading: Promise<void> | null = null;

/** Reads the ways once; a failed read keeps the password alone and is tried again next time. */
export const loadOfferedWays = (): Promise<void> =>
  (loading ??= offeredWays()
    .then((ways) => useOfferedWays.setState(ways))
    .catch((error: unknown) => {
      loading = null;
      console.warn('sign-in ways', error);
    }));
