import { create } from 'zustand';
import type { identity } from '@atelier/contracts';
import { offeredWays } from './auth-api';

/**
 * The ways the login dialog offers on this site, read once at start-up (and again when the
 * dialog opens): until known, only the password, which every site offers.
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

export const loadOfferedWays = (): Promise<void> =>
  offeredWays().then((ways) => useOfferedWays.setState(ways));
