/**
 * The screens of docs/product.md §2 inside the layout: route name (as the menu list and
 * `clientMenuList` name them), path and the i18n key of their name (also the page title).
 */
export interface ScreenInfo {
  name: string;
  path: string;
  labelKey: `menu:${string}`;
  /** Shown in the launcher and the menu fallback (screens reached from another screen are not). */
  launcher: boolean;
}

export const screens = [
  { name: 'Chat', path: '/Chat', labelKey: 'menu:chat', launcher: true },
  { name: 'Midjourney', path: '/Midjourney', labelKey: 'menu:midjourney', launcher: true },
  { name: 'draw', path: '/draw', labelKey: 'menu:draw', launcher: true },
  { name: 'sd3', path: '/sd3', labelKey: 'menu:sd3', launcher: true },
  { name: 'tools', path: '/tools', labelKey: 'menu:tools', launcher: true },
  { name: 'sddraw', path: '/sddraw', labelKey: 'menu:sddraw', launcher: true },
  { name: 'video', path: '/video', labelKey: 'menu:video', launcher: true },
  { name: 'music', path: '/music', labelKey: 'menu:music', launcher: true },
  { name: 'separation', path: '/separation', labelKey: 'menu:separation', launcher: true },
  { name: 'market', path: '/market', labelKey: 'menu:market', launcher: true },
  { name: 'history', path: '/history', labelKey: 'menu:history', launcher: true },
  { name: 'user-center', path: '/user-center', labelKey: 'menu:userCenter', launcher: true },
  { name: 'role', path: '/role', labelKey: 'menu:role', launcher: true },
  { name: 'app-store', path: '/app-store', labelKey: 'menu:appStore', launcher: true },
  { name: 'pay', path: '/pay', labelKey: 'menu:pay', launcher: true },
  { name: 'mind', path: '/mind', labelKey: 'menu:mind', launcher: true },
  { name: 'myGallery', path: '/myGallery', labelKey: 'menu:myGallery', launcher: false },
  { name: 'designerWork', path: '/designerWork', labelKey: 'menu:designerWork', launcher: false },
  { name: 'workDetails', path: '/workDetails', labelKey: 'menu:workDetails', launcher: false },
  { name: 'hisGallery', path: '/hisGallery', labelKey: 'menu:hisGallery', launcher: false },
  { name: 'photoAlbum', path: '/photoAlbum', labelKey: 'menu:photoAlbum', launcher: false },
  { name: 'user', path: '/user', labelKey: 'menu:user', launcher: false },
  { name: 'mobileHome', path: '/mobileHome', labelKey: 'menu:mobileHome', launcher: false },
] as const satisfies readonly ScreenInfo[];

export type ScreenName = (typeof screens)[number]['name'];

/**
 * Screens a later issue builds (they show what they will offer): marked "Soon" in the menu and
 * the launcher, and never a phone tab. Take a name out when its screen lands.
 */
const comingSoon: ReadonlySet<string> = new Set<ScreenName>([]);

/** Whether the screen of this route name (any case) is still to come. */
export const isComingSoon = (name: string): boolean =>
  [...comingSoon].some((n) => n.toLowerCase() === name.toLowerCase());

/** The screen a path belongs to (`/photoAlbum/3` → photoAlbum), matched without case. */
export const screenOfPath = (pathname: string): ScreenInfo | undefined => {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return screens.find((s) => s.name.toLowerCase() === first);
};

/** Default landing screens (docs/product.md §2). */
export const MOBILE_HOME = '/mobileHome';
export const DESKTOP_HOME = '/Midjourney';
/** Under this width the mobile layout is used (Tailwind `sm`). */
export const MOBILE_MAX_WIDTH = 640;
