import { create } from 'zustand';

/**
 * A password-reset link opens the site at `/#reset-password=<token>`: the token is in the
 * fragment so that no server log holds it. It is taken from the address bar at start-up or
 * when the fragment changes (and removed from it at once) and kept here until the login
 * dialog uses it.
 */
const PREFIX = '#reset-password=';

export const useResetToken = create<{ token: string | null }>(() => ({ token: null }));

/** Takes the token out of the address bar; true when there was one. */
export function takeResetToken(): boolean {
  const hash = window.location.hash;
  if (!hash.startsWith(PREFIX)) return false;
  const token = hash.slice(PREFIX.length);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  if (!token) return false;
  useResetToken.setState({ token });
  return true;
}

/** The token the page was opened with, once. */
export function pendingResetToken(): string | null {
  const { token } = useResetToken.getState();
  useResetToken.setState({ token: null });
  return token;
}
