import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { TopLoadingBar } from '../components/top-loading-bar';
import { holdCallsUntil } from '../api/client';
import { dropFirstPaint, firstPaintShown } from '../lib/first-paint';
import { screenOfPath } from '../lib/screens';
import { useAppSetting } from '../stores/app-setting';
import { isSignedIn, useAuthStore } from '../stores/auth';
import { DialogHost } from './dialog-host';
import { indexPathRedirect, menuGate } from './guards';
import { applySiteHead, pageTitle, SITE_REFRESH_MS } from './site-head';
import { checkForUpdate } from './update-check';

/** Paths outside the layout, where the layout's guards do not apply. */
const OUTSIDE_LAYOUT = ['/welcome', '/404', '/500'];

/** The start-up chunk (with the contracts), fetched once. */
const importStart = () => import('./start');
const loadStartup = (() => {
  let startup: ReturnType<typeof importStart> | null = null;
  return () => (startup ??= importStart());
})();

// Screens render while the start-up chunk registers a first-time guest; their calls would carry
// a guest id the server does not know yet (a 401, and a login dialog nobody asked for).
if (!useAuthStore.getState().token && !useAuthStore.getState().guestid)
  holdCallsUntil(loadStartup().then((startup) => startup.guestRegistered));

/** Start-up (a lazy chunk with the contracts); site and version again every 60 s. */
function useStart(onReady: () => void) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void loadStartup()
      .then(({ start }) => start((path) => navigate(path, { replace: true })))
      .catch((error: unknown) => console.warn('start', error))
      .finally(onReady);
    void checkForUpdate();
  }, [navigate, onReady]);
  useEffect(() => {
    const spinnerCap = setTimeout(onReady, 4_000);
    const timer = setInterval(() => {
      void loadStartup()
        .then(({ refreshSite }) => refreshSite())
        .catch((error: unknown) => console.warn('site config', error));
      void checkForUpdate();
    }, SITE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(spinnerCap);
    };
  }, [onReady]);
}

/** The document head follows the site, the screen and the language. */
function useDocumentHead(pathname: string) {
  const { t } = useTranslation();
  const language = useAppSetting((s) => s.language);
  const site = useAuthStore((s) => s.site);
  const global = useAuthStore((s) => s.globalConfig);
  const screen = screenOfPath(pathname);
  const label = screen ? t(screen.labelKey) : null;
  const siteName = site?.siteName || global.siteName || 'AI';
  useEffect(() => {
    document.title = pageTitle(label, siteName);
    document.documentElement.lang = language;
  }, [label, siteName, language]);
  useEffect(() => {
    if (site) applySiteHead({ site, global }, language);
  }, [site, global, language]);
}

/** The guards of docs/product.md §6 on every navigation inside the layout. */
function useGuards(pathname: string) {
  const navigate = useNavigate();
  const site = useAuthStore((s) => s.site);
  const global = useAuthStore((s) => s.globalConfig);
  const signedIn = useAuthStore(isSignedIn);
  useEffect(() => {
    if (OUTSIDE_LAYOUT.includes(pathname) || pathname === '/') return;
    const target =
      (site && indexPathRedirect({ pathname, menu: site.menu, indexPath: site.index_path })) ||
      menuGate({
        signedIn,
        pathname,
        clientMenuList: global.clientMenuList,
        clientHomePath: global.clientHomePath,
        defaultPath: site?.index_path || '/Midjourney',
      });
    if (target && target !== pathname) navigate(target, { replace: true });
  }, [pathname, site, global, signedIn, navigate]);
}

/** The root of every route: loading bar, routed view, dialog host and start-up spinner. */
export function RootShell() {
  const location = useLocation();
  const navigation = useNavigation();
  const [ready, setReady] = useState(false);
  const onReady = useRef(() => setReady(true)).current;
  useStart(onReady);
  // The server's first paint stands in for the spinner, and goes once the app has started.
  useEffect(() => {
    if (ready) dropFirstPaint(location.pathname);
  }, [ready, location.pathname]);
  useDocumentHead(location.pathname);
  useGuards(location.pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main-scroll')?.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <>
      <TopLoadingBar active={navigation.state !== 'idle'} />
      <Outlet />
      <DialogHost />
      {ready || firstPaintShown() ? null : <FullScreenSpinner />}
    </>
  );
}
