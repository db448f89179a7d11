/**
 * The route guards of docs/product.md §6 as pure decisions: each answers where to go instead,
 * or null to let the navigation through.
 */

/** Screens a signed-in user may be kept from by the global config's `clientMenuList`. */
const GATED_SCREENS = ['chat', 'draw', 'midjourney'];

const firstSegment = (pathname: string): string => pathname.split('/')[1]?.toLowerCase() ?? '';

/** A host as the server stores it: lower case, without `www.` and port. */
export const normalizeHost = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:\d+$/, '');

export interface MenuGateInput {
  signedIn: boolean;
  pathname: string;
  /** Route names allowed by the global config; empty means no gating. */
  clientMenuList: readonly string[];
  clientHomePath: string;
  defaultPath: string;
}

/**
 * Menu gating: a signed-in user heading for chat, draw or Midjourney that the configured client
 * menu does not list goes to the client home path (or the default).
 */
export const menuGate = (input: MenuGateInput): string | null => {
  if (!input.signedIn || input.clientMenuList.length === 0) return null;
  const target = firstSegment(input.pathname);
  if (!GATED_SCREENS.includes(target)) return null;
  if (input.clientMenuList.some((name) => name.toLowerCase() === target)) return null;
  const home = input.clientHomePath || input.defaultPath;
  return firstSegment(home) === target ? null : home;
};

export interface AdJumpRow {
  ad: string;
  domain: string;
  status: number;
  type: number;
}

export interface AdJumpInput {
  rows: readonly AdJumpRow[];
  /** `location` of the page: protocol (`https:`), host (with port), pathname and search. */
  location: { protocol: string; host: string; pathname: string; search: string };
  /** The user's VIP end (ISO time) or null. */
  vipUntil: string | null | undefined;
  now: number;
}

/**
 * Ad-jump domain redirect: an active row for this host, of type 1 or with VIP time left, sends
 * the visitor to its `ad` (a host keeps the port, path and query; a full URL is used as is).
 */
export const adJumpTarget = (input: AdJumpInput): string | null => {
  const host = normalizeHost(input.location.host);
  const vip = input.vipUntil ? Date.parse(input.vipUntil) > input.now : false;
  const row = input.rows.find(
    (r) => r.status === 1 && normalizeHost(r.domain) === host && (r.type === 1 || vip),
  );
  if (!row || !row.ad.trim()) return null;
  const ad = row.ad.trim();
  if (/^https?:\/\//i.test(ad)) return ad;
  if (normalizeHost(ad) === host) return null;
  const port = /:(\d+)$/.exec(input.location.host)?.[1];
  return `${input.location.protocol}//${ad}${port ? `:${port}` : ''}${input.location.pathname}${input.location.search}`;
};

export interface IndexPathInput {
  pathname: string;
  /** The domain config: whether the site shows a menu, and its index path. */
  menu: boolean;
  indexPath: string;
}

/** Screens reachable on a domain without a menu besides its index path. */
const ALWAYS_REACHABLE = ['history', 'user-center', 'separation'];

/**
 * Index-path redirect: on a domain without a menu, every screen but History, UserCenter,
 * separation and the index path itself leads to the index path.
 */
export const indexPathRedirect = (input: IndexPathInput): string | null => {
  if (input.menu || !input.indexPath) return null;
  const target = firstSegment(input.pathname);
  if (ALWAYS_REACHABLE.includes(target)) return null;
  if (target === firstSegment(input.indexPath)) return null;
  return input.indexPath;
};

/** Where `/` leads: the mobile launcher on narrow screens, else the site's index path. */
export const landingPath = (width: number, indexPath: string | undefined): string =>
  width < 640 ? '/mobileHome' : indexPath || '/Midjourney';
