import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  useLocation,
  useParams,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { loadLazyNamespaces, type LazyNamespace } from '../i18n';
import { useIsMobile } from '../components/use-is-mobile';
import { useAuthStore } from '../stores/auth';
import { landingPath } from './guards';
import { MainLayout } from './main-layout';
import { RootShell } from './root-shell';

type Module = { default: ComponentType };

/** antd's theme and texts (`./themed`), fetched with the first screen that renders antd. */
const loadThemed = () => import('../components/themed');

/**
 * A lazily loaded screen: its own chunk, fetched on first navigation, rendered inside antd's
 * theme (`Themed`, fetched with it). `themed: false` for a screen that draws its first paint
 * without antd and wraps its own antd parts (the drawing screen, `/Chat`: their controls are
 * `components/lite` stand-ins): it does not wait for antd.
 */
const screen = (
  path: string,
  load: () => Promise<Module>,
  { themed = true }: { themed?: boolean } = {},
): RouteObject => ({
  path,
  lazy: async () => {
    if (!themed) return { Component: (await load()).default };
    const [{ default: Screen }, { Themed }] = await Promise.all([load(), loadThemed()]);
    return {
      Component: function ThemedScreen() {
        return (
          <Themed>
            <Screen />
          </Themed>
        );
      },
    };
  },
});

/**
 * A screen whose texts are in lazy namespaces: the screen's chunk and those namespaces (in the
 * visitor's language only) load together before it renders. The list names what the screen's
 * modules use (`build/route-preload.ts` reads it to preload them with the screen).
 */
const withTexts =
  (load: () => Promise<Module>, namespaces: readonly LazyNamespace[]) =>
  async (): Promise<Module> =>
    (await Promise.all([load(), loadLazyNamespaces(namespaces)]))[0];

/** `/` leads to the mobile launcher under 640 px, else to the site's index path. */
function Landing() {
  const mobile = useIsMobile();
  const indexPath = useAuthStore((s) => s.site?.index_path);
  return <Navigate to={landingPath(mobile ? 0 : window.innerWidth, indexPath)} replace />;
}

function ShareLink() {
  const { id = '' } = useParams();
  return <Navigate to={`/workDetails?id=${encodeURIComponent(id)}`} replace />;
}

/** A route that failed to load goes to `/500` (unless it is `/500` itself). */
function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  console.error('route failed', error);
  const { t } = useTranslation();
  if (location.pathname !== '/500') return <Navigate to="/500" replace />;
  return <p className="p-8 text-center text-white/70">{t('shell:serverErrorTitle')}</p>;
}

const layoutScreens: RouteObject[] = [
  { index: true, element: <Landing /> },
  screen(
    'user',
    withTexts(() => import('../features/user-center/user-center-screen'), ['user', 'midjourney']),
  ),
  screen(
    'user-center',
    withTexts(() => import('../features/user-center/user-center-screen'), ['user', 'midjourney']),
  ),
  screen(
    'myGallery',
    withTexts(() => import('../features/my-gallery/my-gallery-screen'), ['works']),
  ),
  screen(
    'designerWork',
    withTexts(() => import('../features/designer-work/designer-work-screen'), ['works']),
  ),
  screen(
    'workDetails',
    withTexts(() => import('../features/work-details/work-details-screen'), ['works']),
  ),
  screen(
    'hisGallery',
    withTexts(() => import('../features/his-gallery/his-gallery-screen'), ['works']),
  ),
  {
    path: 'photoAlbum/:photoAlbumId',
    lazy: async () => {
      const [{ default: Album }, { Themed }] = await Promise.all([
        import('../features/photo-album/photo-album-screen'),
        loadThemed(),
        loadLazyNamespaces(['works']),
      ]);
      return {
        Component: function PhotoAlbumRoute() {
          const { photoAlbumId = '' } = useParams();
          return (
            <Themed>
              <Album photoAlbumId={photoAlbumId} />
            </Themed>
          );
        },
      };
    },
  },
  // A work's share link (/s/<id>): the server wrote its preview tags; the app shows the work.
  { path: 's/:id', Component: ShareLink },
  // Drawn without antd until the visitor reaches for a control (components/lite).
  screen(
    'Chat',
    withTexts(() => import('../features/chat/chat-screen'), ['chat']),
    { themed: false },
  ),
  screen(
    'Midjourney',
    withTexts(() => import('../features/midjourney/midjourney-screen'), ['midjourney']),
    { themed: false },
  ),
  screen('draw', () => import('../features/draw/draw-screen'), { themed: false }),
  screen('sd3', () => import('../features/sd3/sd3-screen'), { themed: false }),
  screen(
    'tools',
    withTexts(() => import('../features/tools/tools-screen'), ['sd', 'images', 'midjourney']),
    { themed: false },
  ),
  // The square's picture viewer brings its own texts (midjourney, images; sd-results.tsx).
  screen(
    'sddraw',
    withTexts(() => import('../features/sddraw/sddraw-screen'), ['sd']),
    { themed: false },
  ),
  screen(
    'video',
    withTexts(() => import('../features/video/video-screen'), ['video']),
    { themed: false },
  ),
  screen(
    'music',
    withTexts(() => import('../features/music/music-screen'), ['music']),
    { themed: false },
  ),
  screen(
    'separation',
    withTexts(() => import('../features/separation/separation-screen'), ['separation']),
    { themed: false },
  ),
  screen(
    'market',
    withTexts(() => import('../features/market/market-screen'), ['market']),
    {
      themed: false,
    },
  ),
  // antd-free: the phone landing fetches no antd.
  screen('mobileHome', () => import('../features/mobile-home/mobile-home-screen'), {
    themed: false,
  }),
  screen(
    'history',
    withTexts(() => import('../features/history/history-screen'), ['works']),
  ),
  screen('role', () => import('../features/role/role-screen')),
  screen('app-store', () => import('../features/app-store/app-store-screen'), { themed: false }),
  screen(
    'pay',
    withTexts(() => import('../features/pay/pay-screen'), ['pay']),
  ),
  screen(
    'mind',
    withTexts(() => import('../features/mind/mind-screen'), ['mind']),
    { themed: false },
  ),
];

/** Every route of docs/product.md §2. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    HydrateFallback: FullScreenSpinner,
    children: [
      { path: '/', element: <MainLayout />, errorElement: <RouteError />, children: layoutScreens },
      screen('/welcome', () => import('../features/welcome/welcome-screen')),
      screen('/admin/:section?', () => import('./admin-host')),
      screen('/404', () => import('../features/status-pages/not-found-screen')),
      screen('/500', () => import('../features/status-pages/server-error-screen')),
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
