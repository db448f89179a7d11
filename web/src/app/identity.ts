import { auth } from '@atelier/contracts';
import { api, ApiError, holdCallsUntil } from '../api/client';
import { attribution, captureAttribution } from '../lib/attribution';
import { getCookie, setCookie } from '../lib/cookies';
import { cookieNames } from '../lib/storage-keys';
import { useAuthStore } from '../stores/auth';

const registerGuest = async (uuid: string): Promise<void> => {
  await api(auth.createGuest, { body: { guest_id: uuid, ...attribution() } });
};

/** Reads user info; resolves false on a 401 (the token, if any, is then gone). */
const loadInfo = (quiet: boolean) =>
  useAuthStore
    .getState()
    .refreshUserInfo({ quiet })
    .then(() => true)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return false;
      throw error;
    });

/**
 * Who is using the browser, at start: the guest uuid is generated once (cookie `uuidToken` and
 * the guest uuid key) and registered only when the cookie was not set; then user info is read.
 * A signed-out 401 registers the known uuid again (registration is idempotent).
 */
export async function startIdentity(): Promise<void> {
  captureAttribution();
  const store = useAuthStore.getState();
  let uuid = getCookie(cookieNames.uuidToken);
  if (!uuid) {
    uuid =
      store.guestid && /^[0-9a-f-]{36}$/i.test(store.guestid) ? store.guestid : crypto.randomUUID();
    setCookie(cookieNames.uuidToken, uuid);
    store.setGuestId(uuid);
    const registration = registerGuest(uuid);
    holdCallsUntil(registration);
    await registration;
  } else if (store.guestid !== uuid) {
    store.setGuestId(uuid);
  }
  const hadToken = !!useAuthStore.getState().token;
  // A signed-out probe stays quiet: an unknown guest is not a reason to ask for a login.
  if (await loadInfo(!hadToken)) return;
  // An expired session falls back to the guest; an unknown guest registers again.
  if (!hadToken) await registerGuest(uuid);
  await loadInfo(true);
}

/** Service workers of earlier deployments are removed at start (spec section 4). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
}
