import {
  FIRST_PAINT_LANGUAGES,
  FIRST_PAINT_TEXTS,
  type FirstPaintKey,
  type FirstPaintLanguage,
} from './first-paint-texts.js';
import { FIELD_SCREENS } from './first-paint-fields.js';

/**
 * The first paint (docs/web.md, First paint): a static, styled copy of the screen a visit opens
 * (side menu and prompt box of the drawing screen, `/Chat`, `/draw`, `/sd3` and `/video`, the
 * phone launcher's links),
 * written into index.html by the server so a slow link shows a screen that takes typing before
 * the app's scripts have arrived. It sits in `<div id="first-paint">` beside `#root`, over the
 * app until the app has started (web/src/lib/first-paint.ts hands over the typed text).
 */

/**
 * The screens painted early: `draw` is the drawing screen (`/Midjourney`); `dalle`, `sd3` and
 * `video` the picture, SD3 and video screens (`/draw`, `/sd3`, `/video`), whose composer
 * starts with the model's select above the prompt box.
 */
export type FirstPaintScreen = 'draw' | 'chat' | 'launcher' | 'dalle' | 'sd3' | 'video' | 'music';

/** Each painted screen's path and its menu entry's name (as the site's menu names it). */
export const FIRST_PAINT_PATHS: Record<FirstPaintScreen, { path: string; name: string }> = {
  draw: { path: '/Midjourney', name: 'Midjourney' },
  chat: { path: '/Chat', name: 'Chat' },
  launcher: { path: '/mobileHome', name: 'mobileHome' },
  dalle: { path: '/draw', name: 'draw' },
  sd3: { path: '/sd3', name: 'sd3' },
  video: { path: '/video', name: 'video' },
  music: { path: '/music', name: 'music' },
};

/** One entry of the site's menu as the web's side menu shows it (`useMenuEntries`). */
export interface FirstPaintMenuEntry {
  /** Route name (`Chat`, `Midjourney`, …). */
  name: string;
  /** The site's own titles by language (an empty one falls back to the built-in label). */
  title: Partial<Record<string, string>>;
}

/** What the first paint knows of the request's site (the sites module fills it in). */
export interface FirstPaintSite {
  siteName: string;
  /** A logo path on this site (`/favicon.svg`), or empty. */
  appLogo: string;
  /** Whether the side menu / bottom navigation is shown (`site.menu`). */
  menu: boolean;
  /** The site's enabled menu entries, in order; empty: the built-in list. */
  entries: FirstPaintMenuEntry[];
  /** The global config's `clientMenuList`: when not empty, chat/draw/Midjourney need naming. */
  clientMenuList: string[];
}

/** The built-in screens of the menu (web/src/lib/screens.ts, those with `launcher`). */
const SCREENS: { name: string; path: string; label: FirstPaintKey }[] = [
  { name: 'Chat', path: '/Chat', label: 'menu:chat' },
  { name: 'Midjourney', path: '/Midjourney', label: 'menu:midjourney' },
  { name: 'draw', path: '/draw', label: 'menu:draw' },
  { name: 'sd3', path: '/sd3', label: 'menu:sd3' },
  { name: 'tools', path: '/tools', label: 'menu:tools' },
  { name: 'sddraw', path: '/sddraw', label: 'menu:sddraw' },
  { name: 'video', path: '/video', label: 'menu:video' },
  { name: 'music', path: '/music', label: 'menu:music' },
  { name: 'separation', path: '/separation', label: 'menu:separation' },
  { name: 'market', path: '/market', label: 'menu:market' },
  { name: 'history', path: '/history', label: 'menu:history' },
  { name: 'user-center', path: '/user-center', label: 'menu:userCenter' },
  { name: 'role', path: '/role', label: 'menu:role' },
  { name: 'app-store', path: '/app-store', label: 'menu:appStore' },
  { name: 'pay', path: '/pay', label: 'menu:pay' },
  { name: 'mind', path: '/mind', label: 'menu:mind' },
];
const GATED = ['chat', 'draw', 'midjourney'];

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The first of the preferred languages the interface has (web `browserLanguage`), or null. */
export function acceptedLanguage(header: string | undefined): FirstPaintLanguage | null {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('en')) return 'en-US';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant'))
      return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return null;
}

/** The language a first visit starts in (web `siteStartLanguage`): the site's, or the browser's. */
export function firstPaintLanguage(
  siteLanguage: string,
  acceptLanguage: string | undefined,
): FirstPaintLanguage {
  if ((FIRST_PAINT_LANGUAGES as readonly string[]).includes(siteLanguage))
    return siteLanguage as FirstPaintLanguage;
  return acceptedLanguage(acceptLanguage) ?? 'zh-CN';
}

/**
 * The screen painted for a path, or null: `/` paints the screen the landing leads to on a wide
 * screen (its index path; a phone is led to `/mobileHome`, so the paint hides under 640 px),
 * `/Midjourney`, `/Chat`, `/draw`, `/sd3` and `/video` their screen, `/mobileHome` the
 * launcher. A screen the site's
 * menu or `clientMenuList` leaves out is not painted (the app would lead elsewhere).
 */
export function firstPaintScreen(
  pathname: string,
  indexPath: string,
  site: FirstPaintSite,
): FirstPaintScreen | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  // A site without a menu holds visitors on its index path (web `indexPathRedirect`).
  if (!site.menu && indexPath && path !== '' && path !== indexPath.toLowerCase()) return null;
  if (path === '/mobilehome') return 'launcher';
  const target = path === '' ? (indexPath || '/Midjourney').toLowerCase() : path;
  const screen = (Object.keys(FIRST_PAINT_PATHS) as FirstPaintScreen[]).find(
    (s) => s !== 'launcher' && FIRST_PAINT_PATHS[s].path.toLowerCase() === target,
  );
  if (!screen) return null;
  const name = FIRST_PAINT_PATHS[screen].name.toLowerCase();
  if (site.entries.length > 0 && !site.entries.some((e) => e.name.toLowerCase() === name))
    return null;
  // `clientMenuList` names only the gated screens (chat, draw, Midjourney) it lets through.
  const allowed = site.clientMenuList.map((n) => n.toLowerCase());
  if (allowed.length > 0 && GATED.includes(name) && !allowed.includes(name)) return null;
  return screen;
}

type Entry = { name: string; path: string; label: (lang: FirstPaintLanguage) => string };

/** The menu entries `useMenuEntries` shows first (the site's list, else the built-in one). */
function menuEntries(site: FirstPaintSite): Entry[] {
  const known = new Map(SCREENS.map((s) => [s.name.toLowerCase(), s]));
  const items: Entry[] =
    site.entries.length > 0
      ? site.entries.flatMap((entry) => {
          const screen = known.get(entry.name.toLowerCase());
          if (!screen) return [];
          return [
            {
              name: screen.name,
              path: screen.path,
              label: (lang) => entry.title[lang] || FIRST_PAINT_TEXTS[lang][screen.label],
            },
          ];
        })
      : SCREENS.map((s) => ({
          name: s.name,
          path: s.path,
          label: (lang) => FIRST_PAINT_TEXTS[lang][s.label],
        }));
  const allowed = site.clientMenuList.map((n) => n.toLowerCase());
  if (allowed.length === 0) return items;
  return items.filter(
    (i) => !GATED.includes(i.name.toLowerCase()) || allowed.includes(i.name.toLowerCase()),
  );
}

/** The styles of the first paint: the app's measures and colours (Tailwind's scale), own names. */
const STYLE = `<style>
#first-paint~#root{visibility:hidden}
.fp,.fp *{box-sizing:border-box;margin:0;padding:0;border:0 solid}
.fp{position:fixed;inset:0;z-index:2000;display:flex;background:#0b0b0f;color:rgba(255,255,255,.88);font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Liberation Sans','PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei',sans-serif;-webkit-font-smoothing:antialiased;line-height:1.5;font-size:16px}
.fp a{color:inherit;text-decoration:none}
.fp ul{list-style:none}
.fp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
.fp-side{display:flex;flex-direction:column;flex-shrink:0;width:240px;border-right:1px solid rgba(255,255,255,.05);background:#111116}
.fp-brand{display:flex;align-items:center;gap:8px;height:56px;padding:0 16px;min-width:0}
.fp-brand img{width:28px;height:28px;border-radius:4px}
.fp-brand span{font-size:16px;line-height:24px;font-weight:600;color:rgba(255,255,255,.9);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.fp-nav{flex:1;overflow:hidden;padding:0 8px}
.fp-nav ul{display:flex;flex-direction:column;gap:4px}
.fp-nav a{display:flex;align-items:center;gap:12px;min-height:40px;padding:0 12px;border-radius:6px;font-size:14px;line-height:20px;color:rgba(255,255,255,.6)}
.fp-nav a[aria-current]{background:rgba(255,255,255,.08);color:#fff}
.fp-nav i{width:16px;flex-shrink:0}
.fp-nav span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.fp-foot{height:57px;border-top:1px solid rgba(255,255,255,.05)}
.fp-collapsed .fp-side{width:64px}
.fp-collapsed .fp-brand{justify-content:center;padding:0}
.fp-collapsed .fp-brand span,.fp-collapsed .fp-nav span{display:none}
.fp-collapsed .fp-nav a{justify-content:center}
.fp-col{display:flex;flex:1;flex-direction:column;min-width:0}
.fp-top{display:flex;align-items:center;flex-shrink:0;height:56px;padding:0 16px;border-bottom:1px solid rgba(255,255,255,.05)}
.fp-top .fp-brand{padding:0}
.fp-main{flex:1;overflow:hidden}
.fp-draw{display:flex;flex-direction:column;gap:16px;width:100%;max-width:1600px;margin:0 auto;padding:24px}
.fp-draw>div{display:flex;flex-direction:column;gap:12px}
.fp-head{display:flex;flex-direction:column;gap:4px}
.fp h1{display:flex;align-items:center;gap:12px;font-size:24px;line-height:32px;font-weight:600;color:rgba(255,255,255,.9)}
.fp h1 i{width:24px;height:24px;flex-shrink:0}
.fp-head p{font-size:14px;line-height:20px;color:rgba(255,255,255,.55)}
.fp-form{display:flex;flex-direction:column;gap:12px;padding:16px;border:1px solid rgba(255,255,255,.05);border-radius:12px;background:#141419}
.fp textarea{display:block;width:100%;font:inherit;resize:none;outline:0}
.fp-form textarea,.fp-fields textarea{min-height:76px;max-height:186px;padding:4px 11px;border:1px solid #2a2a33;border-radius:8px;background:#141419;color:rgba(255,255,255,.88);font-size:14px;line-height:22px;field-sizing:content}
.fp textarea::placeholder{color:rgba(255,255,255,.25)}
.fp-form textarea:focus,.fp-fields textarea:focus{border-color:#7c6cf2;box-shadow:0 0 0 2px rgba(124,108,242,.2)}
.fp-fields{display:flex;flex-direction:column;gap:12px}
.fp-field{display:flex;flex-direction:column;gap:4px;font-size:12px;line-height:16px;color:rgba(255,255,255,.6)}
.fp-select{height:32px;border:1px solid #2a2a33;border-radius:6px;background:#141419}
.fp-seg{display:flex;height:32px;padding:2px;border-radius:8px;background:#0b0b0f;font-size:14px;line-height:28px;color:rgba(255,255,255,.6);text-align:center}
.fp-seg span{flex:1;border-radius:6px}
.fp-seg span:first-child{background:#2a2a33;color:rgba(255,255,255,.88)}
.fp-music{max-width:1400px}
.fp-music .fp-fields{padding:12px;border:1px solid rgba(255,255,255,.1);border-radius:8px;background:rgba(255,255,255,.03)}
.fp-music .fp-field{font-size:14px;line-height:20px;color:rgba(255,255,255,.7)}
.fp-music .fp-field:last-child{padding-bottom:20px}
.fp-music .fp-select{border-radius:8px}
.fp-music .fp-seg span:first-child{background:#1c1c23}
.fp-music .fp-fields textarea{max-height:142px}
.fp-chat{display:flex;height:100%;background:#0c0c10}
.fp-groups{display:flex;flex-direction:column;gap:12px;flex-shrink:0;width:256px;padding:12px;border-right:1px solid rgba(255,255,255,.05);background:#111116}
.fp-new{height:40px;border-radius:8px;background:#5b4bd6;color:#fff;font-size:16px;line-height:40px;text-align:center}
.fp-search{height:32px;border:1px solid #2a2a33;border-radius:6px}
.fp-groups p{padding:24px 8px;font-size:13px;line-height:23px;color:rgba(255,255,255,.55);text-align:center}
.fp-conv{display:flex;flex:1;flex-direction:column;justify-content:flex-end;min-width:0}
.fp-input{width:100%;max-width:768px;margin:0 auto;padding:0 24px 20px}
.fp-input>div{border:1px solid rgba(255,255,255,.1);border-radius:16px;background:#17171d;box-shadow:0 8px 30px rgba(0,0,0,.35)}
.fp-input>div:focus-within{border-color:rgba(255,255,255,.25)}
.fp-input textarea{min-height:40px;max-height:204px;padding:12px 16px 4px;background:transparent;color:rgba(255,255,255,.88);font-size:15px;line-height:24px;field-sizing:content}
.fp-bar{height:48px}
.fp-input p{margin-top:8px;font-size:11px;line-height:16px;color:rgba(255,255,255,.5);text-align:center}
.fp-launch{display:flex;flex-direction:column;gap:16px;width:100%;max-width:1152px;margin:0 auto;padding:20px 16px}
.fp-launch h1{font-size:20px;line-height:28px}
.fp-launch header p{margin-top:4px;font-size:14px;line-height:20px;color:rgba(255,255,255,.55)}
.fp-launch ul{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
.fp-launch a,.fp-launch li>div{display:flex;flex-direction:column;justify-content:space-between;gap:12px;min-height:88px;padding:16px;border:1px solid rgba(255,255,255,.05);border-radius:8px;background:rgba(255,255,255,.04);color:rgba(255,255,255,.85)}
.fp-launch i{height:32px}
.fp-launch li span{font-size:14px;line-height:20px;font-weight:500}
@media (min-width:1280px){.fp-groups{width:288px}}
@media (min-width:640px){.fp-launch{padding:20px 32px}.fp-launch ul{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:1024px){.fp-draw{flex-direction:row;align-items:flex-start}.fp-draw>div{width:420px;flex-shrink:0}.fp-music>div{width:400px}.fp-launch ul{grid-template-columns:repeat(4,minmax(0,1fr))}}
.fp-tabs{display:none;position:fixed;inset:auto 0 0;border-top:1px solid rgba(255,255,255,.05);background:rgba(17,17,22,.95)}
.fp-tabs ul{display:grid;grid-template-columns:repeat(5,minmax(0,1fr))}
.fp-tabs a{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;min-height:56px;padding:0 4px;font-size:11px;line-height:16px;color:rgba(255,255,255,.55);white-space:nowrap;overflow:hidden}
.fp-tabs a[aria-current]{color:#7c6cf2}
.fp-tabs i{height:18px}
@media (max-width:639.98px){.fp-side,.fp-groups,.fp-input p{display:none}.fp-tabs{display:block}.fp-main{padding-bottom:64px}.fp h1 i{width:20px}.fp-top{height:48px;padding:0 12px}#first-paint.fp-landing{display:none}#first-paint.fp-landing~#root{visibility:visible}.fp-draw{padding:16px 12px}.fp h1{font-size:20px;line-height:28px}.fp-form{padding:12px}.fp-input{padding:0 12px 12px}}
@media (min-width:640px){.fp-top .fp-brand{display:none}}
</style>`;

/**
 * A text of the first paint: drawn in the page's language, with its key (`data-t`) so the
 * start-up script can redraw it in a visitor's saved language.
 */
const text = (lang: FirstPaintLanguage, key: FirstPaintKey) =>
  `<span data-t="${key}">${escapeHtml(FIRST_PAINT_TEXTS[lang][key])}</span>`;

/** The app's own logo, which index.html also carries inline as its icon. */
const OWN_ICON = '/favicon.svg';

/**
 * The site's name and logo; the app's own logo as index.html's inline copy (`ownIcon`, a
 * `data:` address), as the app shows it, so the paint costs no request for it.
 */
function brand(site: FirstPaintSite, ownIcon?: string): string {
  const src =
    site.appLogo === OWN_ICON && ownIcon?.startsWith('data:image/') ? ownIcon : site.appLogo;
  const logo =
    src === ownIcon || /^\/(?!\/)[\w\-./]*$/.test(src)
      ? `<img src="${escapeHtml(src)}" alt="">`
      : '';
  return `<div class="fp-brand">${logo}<span>${escapeHtml(site.siteName || 'AI')}</span></div>`;
}

/** A menu entry's label, keyed `m:<index>` for the start-up script (the site's own titles). */
const label = (lang: FirstPaintLanguage, e: Entry, i: number) =>
  `<span data-t="m:${i}">${escapeHtml(e.label(lang))}</span>`;

function sideMenu(
  lang: FirstPaintLanguage,
  site: FirstPaintSite,
  current: string,
  ownIcon?: string,
): string {
  const items = menuEntries(site)
    .map(
      (e, i) =>
        `<li><a href="${escapeHtml(e.path)}"${e.path === current ? ' aria-current="page"' : ''}><i></i>${label(lang, e, i)}</a></li>`,
    )
    .join('');
  const faq = `<li><a><i></i>${text(lang, 'menu:faq')}</a></li>`;
  return `<aside class="fp-side">${brand(site, ownIcon)}<nav class="fp-nav" aria-label="${escapeHtml(FIRST_PAINT_TEXTS[lang]['shell:navigation'])}" data-ta="aria-label" data-t="shell:navigation"><ul>${items}${faq}</ul></nav><div class="fp-foot"></div></aside>`;
}

/** An attribute drawn in the page's language and redrawn like the texts (`data-ta`). */
const attr = (lang: FirstPaintLanguage, name: string, key: FirstPaintKey) =>
  `${name}="${escapeHtml(FIRST_PAINT_TEXTS[lang][key])}" data-ta="${name}" data-t="${key}"`;

function drawScreen(lang: FirstPaintLanguage): string {
  return `<section class="fp-draw"><div><header class="fp-head"><h1><i></i>${text(lang, 'menu:midjourney')}</h1><p>${text(lang, 'screens:midjourney')}</p></header><form class="fp-form" ${attr(lang, 'aria-label', 'midjourney:composer.title')}><label for="fp-box" class="fp-sr">${text(lang, 'midjourney:composer.prompt')}</label><textarea id="fp-box" data-fp-box maxlength="4000" rows="3" ${attr(lang, 'placeholder', 'midjourney:composer.placeholder')}></textarea></form></div></section>`;
}

/**
 * `/draw`, `/sd3`, `/video` (web `CreationScreen` with a `form` of labelled fields): the
 * heading and description, SD3's mode switch, the model's select (an empty box of its size:
 * the models come from the API) and the prompt box, at the app's measures.
 */
function fieldsScreen(lang: FirstPaintLanguage, screen: keyof typeof FIELD_SCREENS): string {
  const s = FIELD_SCREENS[screen];
  const modes = s.modes
    ? `<div class="fp-seg">${s.modes.map((k) => text(lang, k)).join('')}</div>`
    : '';
  const model = `<div class="fp-field">${text(lang, s.model)}<div class="fp-select"></div></div>`;
  const fields = s.modesAfter ? model + modes : modes + model;
  return `<section class="fp-draw${s.card ? ' fp-music' : ''}"><div><header class="fp-head"><h1><i></i>${text(lang, s.title)}</h1><p>${text(lang, s.description)}</p></header><form class="fp-fields">${fields}<div class="fp-field"><label for="fp-box">${text(lang, s.prompt)}</label><textarea id="fp-box" data-fp-box maxlength="${s.maxLength}" rows="3" ${attr(lang, 'placeholder', s.placeholder)}></textarea></div></form></div></section>`;
}

function chatScreen(lang: FirstPaintLanguage): string {
  return `<div class="fp-chat"><div class="fp-groups"><div class="fp-new">${text(lang, 'chat:groups.newChat')}</div><div class="fp-search"></div><p>${text(lang, 'chat:groups.empty')}</p></div><section class="fp-conv"><div class="fp-input"><div><label for="fp-box" class="fp-sr">${text(lang, 'chat:input.label')}</label><textarea id="fp-box" data-fp-box data-fp-enter rows="1" ${attr(lang, 'placeholder', 'chat:input.placeholder')}></textarea><div class="fp-bar"></div></div><p>${text(lang, 'chat:input.hint')}</p></div></section></div>`;
}

function launcher(lang: FirstPaintLanguage, site: FirstPaintSite): string {
  const items = menuEntries(site)
    .map((e, i) => `<li><a href="${escapeHtml(e.path)}"><i></i>${label(lang, e, i)}</a></li>`)
    .join('');
  const faq = `<li><div><i></i>${text(lang, 'menu:faq')}</div></li>`;
  return `<section class="fp-launch"><header><h1>${text(lang, 'shell:launcherTitle')}</h1><p>${text(lang, 'shell:launcherHint')}</p></header><ul>${items}${faq}</ul></section>`;
}

/** Screens the phone's bottom navigation prefers (web main-layout `BOTTOM_PREFERRED`). */
const BOTTOM_PREFERRED = ['Chat', 'Midjourney', 'history', 'mind'];

/** The phone's bottom navigation (shown under 640 px): home, three screens, user centre. */
function bottomNav(lang: FirstPaintLanguage, site: FirstPaintSite, current: string): string {
  const entries = menuEntries(site);
  const middle = [
    ...BOTTOM_PREFERRED.flatMap((name) => entries.filter((e) => e.name === name)),
    ...entries.filter((e) => !BOTTOM_PREFERRED.includes(e.name) && e.name !== 'user-center'),
  ].slice(0, 3);
  const item = (path: string, label: string) =>
    `<li><a href="${escapeHtml(path)}"${path === current ? ' aria-current="page"' : ''}><i></i>${label}</a></li>`;
  const items = [
    item('/mobileHome', text(lang, 'menu:mobileHome')),
    ...middle.map((e) => item(e.path, label(lang, e, entries.indexOf(e)))),
    item('/user-center', text(lang, 'menu:userCenter')),
  ].join('');
  return `<nav class="fp-tabs" ${attr(lang, 'aria-label', 'shell:navigation')}><ul>${items}</ul></nav>`;
}

/**
 * The first paint's HTML for a screen (style, the painted screen and, for the start-up script,
 * the texts in every language), every site-given text escaped.
 */
export function renderFirstPaint(
  screen: FirstPaintScreen,
  lang: FirstPaintLanguage,
  site: FirstPaintSite,
  options: { landing: boolean; ownIcon?: string },
): string {
  const current = FIRST_PAINT_PATHS[screen].path;
  const classes = options.landing ? 'fp fp-landing' : 'fp';
  const content =
    screen === 'draw'
      ? drawScreen(lang)
      : screen === 'chat'
        ? chatScreen(lang)
        : screen === 'launcher'
          ? launcher(lang, site)
          : fieldsScreen(lang, screen);
  const side = site.menu ? sideMenu(lang, site, current, options.ownIcon) : '';
  const tabs = site.menu ? bottomNav(lang, site, current) : '';
  const entries = menuEntries(site);
  const others: Partial<Record<FirstPaintLanguage, Record<string, string>>> = {};
  for (const other of FIRST_PAINT_LANGUAGES) {
    const texts: Record<string, string> = { ...FIRST_PAINT_TEXTS[other] };
    entries.forEach((e, i) => (texts[`m:${i}`] = e.label(other)));
    others[other] = texts;
  }
  // `<` escaped: the JSON cannot close its element.
  const json = JSON.stringify(others).replace(/</g, '\\u003c');
  return (
    `${STYLE}<div id="first-paint" class="${classes}" data-lang="${lang}" data-screen="${screen}">` +
    `${side}<div class="fp-col"><header class="fp-top">${brand(site, options.ownIcon)}</header>` +
    `<main class="fp-main">${content}</main>${tabs}</div>` +
    `<script type="application/json" id="first-paint-texts">${json}</script></div>`
  );
}
