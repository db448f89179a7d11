import MenuFoldOutlined from '@ant-design/icons-svg/es/asn/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons-svg/es/asn/MenuUnfoldOutlined';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScreenIcon } from '../components/screen-icon';
import { SoonTag } from '../components/soon-tag';
import { useIsMobile } from '../components/use-is-mobile';
import { useMenuEntries, type MenuItem } from '../components/use-menu-entries';
import { useAppSetting } from '../stores/app-setting';
import { useAuthStore } from '../stores/auth';
import { useDialogs } from '../stores/dialogs';
import { LanguageSwitch } from './language-switch';
import { ownIconSrc } from './site-head';
import { MusicPlayerHost } from './music-player-host';
import { UserBadge } from './user-badge';
import { Glyph } from '../components/glyph';

/** The routed view, faded in on each navigation; the scroll container of the layout. */
function RoutedView({ className }: { className: string }) {
  const location = useLocation();
  return (
    <main id="main-scroll" tabIndex={-1} className={`outline-none ${className}`}>
      <div key={location.pathname} className="route-fade min-h-full">
        <Outlet />
      </div>
    </main>
  );
}

/**
 * "Skip to content": the first Tab stop of every screen, shown only while focused; it moves
 * focus to the routed view so the next Tab reaches the screen's own first control.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main-scroll"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main-scroll')?.focus();
      }}
      className="sr-only z-[1200] rounded-md bg-[#5b4bd6] text-sm font-medium text-white no-underline focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2 focus:shadow-lg"
    >
      {t('shell:skipToContent')}
    </a>
  );
}

function SiteName({ logoOnly = false }: { logoOnly?: boolean }) {
  const site = useAuthStore((s) => s.site);
  const fallback = useAuthStore((s) => s.globalConfig.siteName);
  const name = site?.siteName || fallback || 'AI';
  return (
    <span className="flex min-w-0 items-center gap-2" title={logoOnly ? name : undefined}>
      {site?.appLogo ? (
        <img src={ownIconSrc(site.appLogo)} alt="" className="h-7 w-7 rounded" />
      ) : null}
      {logoOnly ? null : (
        <span className="truncate text-base font-semibold text-white/90">{name}</span>
      )}
    </span>
  );
}

function TopBanner() {
  const language = useAppSetting((s) => s.language);
  const text = useAuthStore((s) => s.site?.top_banner[language]);
  if (!text) return null;
  return (
    <div className="truncate bg-[var(--accent)]/15 px-4 py-1.5 text-center text-xs text-white/80">
      {text}
    </div>
  );
}

const linkClass = (active: boolean, collapsed: boolean) =>
  [
    'flex min-h-10 items-center gap-3 rounded-md px-3 text-sm no-underline transition-colors',
    collapsed ? 'justify-center' : '',
    active
      ? 'bg-white/[0.08] text-white'
      : 'text-white/60 hover:bg-white/[0.04] hover:text-white/90',
  ].join(' ');

function SideMenu({ entries }: { entries: MenuItem[] }) {
  const { t } = useTranslation();
  const collapsed = useAppSetting((s) => s.siderCollapsed);
  const setCollapsed = useAppSetting((s) => s.setSiderCollapsed);
  return (
    <aside
      className={`flex shrink-0 flex-col border-r border-white/5 bg-[#111116] transition-[width] duration-200 ${collapsed ? 'w-16' : 'w-60'}`}
    >
      <div className={`flex h-14 items-center ${collapsed ? 'justify-center' : 'px-4'}`}>
        <SiteName logoOnly={collapsed} />
      </div>
      <nav aria-label={t('shell:navigation')} className="flex-1 overflow-y-auto px-2">
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {entries.map((entry) => (
            <li key={entry.name}>
              <NavLink
                to={entry.path}
                title={
                  collapsed
                    ? entry.soon
                      ? `${entry.label} (${t('shell:soon')})`
                      : entry.label
                    : undefined
                }
                className={({ isActive }) => linkClass(isActive, collapsed)}
              >
                <span className="text-base">
                  <ScreenIcon name={entry.name} />
                </span>
                {collapsed ? null : <span className="min-w-0 flex-1 truncate">{entry.label}</span>}
                {entry.soon && !collapsed ? <SoonTag /> : null}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              title={collapsed ? t('menu:faq') : undefined}
              aria-label={collapsed ? t('menu:faq') : undefined}
              onClick={() => useDialogs.getState().open('faq')}
              className={`${linkClass(false, collapsed)} w-full cursor-pointer border-0 bg-transparent text-left`}
            >
              <span className="text-base">
                <ScreenIcon name="faq" />
              </span>
              {collapsed ? null : <span className="truncate">{t('menu:faq')}</span>}
            </button>
          </li>
        </ul>
      </nav>
      <div className="border-t border-white/5 p-2">
        <button
          type="button"
          aria-label={collapsed ? t('shell:expand') : t('shell:collapse')}
          onClick={() => setCollapsed(!collapsed)}
          className="flex min-h-10 w-full cursor-pointer items-center justify-center rounded-md border-0 bg-transparent text-white/60 hover:bg-white/5 hover:text-white"
        >
          {collapsed ? <Glyph icon={MenuUnfoldOutlined} /> : <Glyph icon={MenuFoldOutlined} />}
        </button>
      </div>
    </aside>
  );
}

/** Screens the bottom navigation prefers, when the site's menu has them and they are ready. */
const BOTTOM_PREFERRED = ['Chat', 'Midjourney', 'history', 'mind'];

/**
 * Bottom navigation of the mobile layout: the launcher, three screens and the user centre.
 * A screen still to come is never a tab (the launcher lists it, tagged).
 */
function BottomNav({ entries: all }: { entries: MenuItem[] }) {
  const { t } = useTranslation();
  const entries = all.filter((e) => !e.soon);
  const middle = [
    ...BOTTOM_PREFERRED.flatMap((name) => entries.filter((e) => e.name === name)),
    ...entries.filter((e) => !BOTTOM_PREFERRED.includes(e.name) && e.name !== 'user-center'),
  ].slice(0, 3);
  const items: MenuItem[] = [
    { name: 'mobileHome', path: '/mobileHome', label: t('menu:mobileHome'), soon: false },
    ...middle,
    { name: 'user-center', path: '/user-center', label: t('menu:userCenter'), soon: false },
  ];
  return (
    <nav
      aria-label={t('shell:navigation')}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-white/5 bg-[#111116]/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="m-0 grid list-none grid-cols-5 p-0">
        {items.map((item) => (
          <li key={item.name} className="min-w-0">
            <NavLink
              to={item.path}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[11px] no-underline ${isActive ? 'text-[var(--accent)]' : 'text-white/55'}`
              }
            >
              <span className="text-lg leading-none">
                <ScreenIcon name={item.name} />
              </span>
              <span className="w-full truncate text-center">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The layout route at `/`: side menu and header on desktop, bottom navigation under 640 px. */
export function MainLayout() {
  const mobile = useIsMobile();
  const entries = useMenuEntries();
  const showMenu = useAuthStore((s) => s.site?.menu ?? true);
  if (mobile) {
    return (
      <div className="flex h-full flex-col">
        <SkipLink />
        <TopBanner />
        <header className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-white/5 px-3">
          <SiteName />
          <div className="flex shrink-0 items-center gap-1">
            <LanguageSwitch compact />
            <UserBadge compact />
          </div>
        </header>
        <RoutedView className={`flex-1 overflow-y-auto ${showMenu ? 'pb-16' : ''}`} />
        <MusicPlayerHost />
        {showMenu && <BottomNav entries={entries} />}
      </div>
    );
  }
  return (
    <div className="flex h-full">
      <SkipLink />
      {showMenu && <SideMenu entries={entries} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBanner />
        <header className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-white/5 px-4">
          <div className="min-w-0">{showMenu ? null : <SiteName />}</div>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSwitch />
            <UserBadge />
          </div>
        </header>
        <RoutedView className="flex-1 overflow-y-auto" />
        <MusicPlayerHost />
      </div>
    </div>
  );
}
