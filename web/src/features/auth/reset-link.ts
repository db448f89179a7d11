/**
 * A password-reset link opens the site at `/#reset-password=<token>`: the token is in the
 * fragment so that no server log holds it. It is taken from the address bar at start-up (and
 * removed from it at once) and kept here until the login dialog uses it.
 */
const PREFIX = '#reset-password=';
let pending: string | null = null;

/** Takes the token out of the address bar; true when there was one. */
export function takeResetToken(): boolean {
  const hash = window.location.hash;
  if (!hash.startsWith(PREFIX)) return false;
  pending = hash.slice(PREFIX.length);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return pending.length > 0;
}

/** The token the page was opened with, once. */
export function pendingResetToken(): string | null {
  const token = pending;
  pending = null;
  return token;
}
