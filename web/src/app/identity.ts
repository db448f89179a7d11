import { auth } from '@atelier/contracts';
import { api, ApiError } from '../api/client';
import { attribution, captureAttribution } from '../lib/attribution';
import { getCookie, removeCookie } from '../lib/cookies';
import { cookieNames } from '../lib/storage-keys';
import { useAuthStore } from '../stores/auth';

/**
 * A version 4 uuid. `crypto.randomUUID` exists only in secure contexts (https, localhost): a
 * site served over plain http on its own domain has `getRandomValues` alone.
 */
export function newGuestUuid(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Registers the guest; the answer carries what `getInfo` would (then in the store, and true),
 * so a first visit waits for one round trip instead of two.
 */
const registerGuest = async (uuid: string): Promise<boolean> => {
  const answer = await api(auth.createGuest, { body: { guest_id: uuid, ...attribution() } });
  const user = answer.success ? answer.data.user : null;
  if (!user) return false;
  useAuthStore.setState({ userInfo: user.userInfo, userBalance: user.userBalance });
  return true;
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

let markRegistered: () => void = () => undefined;
/**
 * Settles once a first-time guest is registered with the server (or that failed); at once for
 * a browser the server already knows. Calls needing an identity wait for it (root-shell.tsx).
 */
export const guestRegistered = new Promise<void>((resolve) => (markRegistered = resolve));

/**
 * Who is using the browser, at start: the guest uuid is generated once, kept under the guest
 * uuid key and sent as the `Guestid` header; it is registered when the browser had none and
 * nobody is signed in; then user info is read. A signed-out 401 registers the known uuid again
 * (registration is idempotent). The uuid acts as the guest's credential, so it is never put in
 * a cookie (which every request would carry, over plain http too): the `uuidToken` cookie of
 * earlier versions is read once and removed.
 */
export async function startIdentity(): Promise<void> {
  captureAttribution();
  const store = useAuthStore.getState();
  const hadToken = !!store.token;
  const legacy = getCookie(cookieNames.legacyUuidToken);
  if (legacy !== undefined) removeCookie(cookieNames.legacyUuidToken);
  let uuid = validUuid(store.guestid) ?? validUuid(legacy) ?? null;
  // A signed-in browser registers its guest only if the session turns out to be over.
  let unregistered = false;
  let known = false;
  try {
    if (!uuid) {
      uuid = newGuestUuid();
      store.setGuestId(uuid);
      if (hadToken) unregistered = true;
      else known = await registerGuest(uuid);
    } else if (store.guestid !== uuid) {
      store.setGuestId(uuid);
    }
  } finally {
    markRegistered();
  }
  if (known) return;
  // A signed-out probe stays quiet: an unknown guest is not a reason to ask for a login.
  if (await loadInfo(!hadToken)) return;
  // An expired session falls back to the guest; an unknown guest registers again.
  if ((!hadToken || unregistered) && (await registerGuest(uuid))) return;
  await loadInfo(true);
}

const validUuid = (value: string | null | undefined): string | null =>
  value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;

/** Service workers of earlier deployments are removed at start (docs/product.md §4). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
}
