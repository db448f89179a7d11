import type { sites } from '@atelier/contracts';
import type { Language } from '../lib/languages';

/** Site configuration and the version file refresh every 60 s (docs/product.md §9). */
export const SITE_REFRESH_MS = 60_000;

const setMeta = (name: string, content: string) => {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
};

/** The app's own icon; index.html carries it inline (a `data:` address), so no request. */
const OWN_ICON = '/favicon.svg';
let inlineOwnIcon: string | undefined;

/** The inline copy of the app's own icon from index.html, once read. */
const readInlineOwnIcon = (): string | undefined => {
  if (inlineOwnIcon === undefined) {
    const href = document.head.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
    if (href.startsWith('data:')) inlineOwnIcon = href;
  }
  return inlineOwnIcon;
};

/** A site picture's address, `/favicon.svg` (the default logo and icon) as its inline copy. */
export const ownIconSrc = (src: string): string =>
  src === OWN_ICON ? (readInlineOwnIcon() ?? src) : src;

/** Icon, keywords and description of the site in the document head. */
export function applySiteHead(
  front: Pick<sites.FrontConfig, 'site' | 'global'>,
  language: Language,
): void {
  const icon = ownIconSrc(front.site.appIco || front.global.clientFavoIconPath || OWN_ICON);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== icon) link.href = icon;
  setMeta('keywords', front.site.keywords[language]);
  setMeta('description', front.site.description[language]);
}

/** The analytics snippet of the global config (Baidu Tongji id), injected once. */
export function injectAnalytics(baiduCode: string): void {
  if (!/^[0-9a-f]{32}$/i.test(baiduCode) || document.getElementById('site-analytics')) return;
  const script = document.createElement('script');
  script.id = 'site-analytics';
  script.async = true;
  script.src = `https://hm.baidu.com/hm.js?${baiduCode}`;
  document.head.append(script);
}

/** The page title: the screen's name and the site's name, or the site's name alone. */
export const pageTitle = (screenLabel: string | null, siteName: string): string =>
  screenLabel ? `${screenLabel} - ${siteName}` : siteName;
