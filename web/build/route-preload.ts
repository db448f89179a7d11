import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { landingPath } from '../src/app/guards';
import { browserLanguage } from '../src/lib/languages';
import { MOBILE_MAX_WIDTH } from '../src/lib/screens';

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** `screen('Chat', withTexts(() => import('../features/chat/chat-screen'), ['chat']))` in router.tsx. */
const ROUTE =
  /screen\(\s*'([^']+)',\s*(?:withTexts\()?\s*\(\)\s*=>\s*import\('([^']+)'\)(?:,\s*\[([^\]]*)\])?/g;
const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW'];

/**
 * Writes `assets/route-preload-<hash>.js`, a small classic script index.html runs first: it
 * starts fetching, in parallel with the app's entry, the chunks of the screen at the address
 * (`<link rel="modulepreload">`, its stylesheet) and the texts of the visitor's language (the
 * shell's and the namespaces the route names in `withTexts`), which
 * the app would otherwise ask for only once its entry has run: one round trip instead of three
 * on a slow link; the start-up chunk likewise, and the start-up's `/config/start` call
 * (`window.__atelierStart`, which `loadStart` takes). The language is the saved one, else the site's first-visit language the
 * server wrote into index.html (`data-site-language`, `browser` read as the app reads it);
 * at `/` the screen is the one the landing leads to (`landingPath`, with the site's
 * `data-index-path`). A file rather than an inline script: the Content-Security-Policy allows
 * scripts from the site only.
 */
export function routePreload(root: string): Plugin {
  return {
    name: 'atelier-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk & typeof c => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // A screen's module is its chunk's facade, or one module of a chunk group
      // (`chunkGroups` in vite.config.ts), which has none.
      const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
      for (const c of chunks) if (c.facadeModuleId) byModule.set(c.facadeModuleId, c);
      const closure = (chunk: Chunk, into = new Set<string>()): Set<string> => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const file of chunk.imports) {
          const next = byFile.get(file);
          if (next) closure(next, into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = closure(entry);
      const files = (moduleId: string): string[] => {
        const chunk = byModule.get(moduleId);
        return chunk ? [...closure(chunk)].filter((f) => !initial.has(f)) : [];
      };
      const withExtension = (id: string) =>
        ['.tsx', '.ts'].map((ext) => `${id}${ext}`).find((f) => byModule.has(f)) ?? id;

      const router = resolve(root, 'src/app/router.tsx');
      const routerSource = readFileSync(router, 'utf8');
      // antd's theme (`components/themed`), which `screen()` loads with every screen but those
      // marked `{ themed: false }`: preloaded with them, not fetched once the screen has come.
      const themed = files(withExtension(resolve(root, 'src/components/themed')));
      const routes: Record<string, { files: string[]; texts: string[] }> = {};
      const used = new Set<string>();
      for (const m of routerSource.matchAll(ROUTE)) {
        const path = m[1]!.replace(/^\//, '').toLowerCase();
        const id = withExtension(resolve(root, 'src/app', m[2]!));
        const texts = [...(m[3] ?? '').matchAll(/'(\w+)'/g)].map((t) => t[1]!);
        for (const ns of texts) used.add(ns);
        // The rest of this `screen(...)` call: its options, if any.
        const rest = routerSource.slice(m.index + m[0].length).split(/\bscreen\(|\];/)[0]!;
        const own = files(id);
        const withTheme = /themed:\s*false/.test(rest) ? own : [...own, ...themed];
        routes[path] = { files: [...new Set(withTheme)], texts };
      }
      const texts: Record<string, { core: string[]; ns: Record<string, string[]> }> = {};
      for (const lang of LANGUAGES) {
        const dir = resolve(root, 'src/i18n/locales', lang);
        const ns: Record<string, string[]> = {};
        for (const name of used) ns[name] = files(`${dir}/${name}.ts`);
        texts[lang] = { core: files(`${dir}/index.ts`), ns };
      }
      // The start-up chunk (root-shell's `import('./start')`): every page runs it first thing.
      const startup = files(resolve(root, 'src/app/start.ts'));
      const data = JSON.stringify({ routes, texts, startup });
      const source = `(function () {
  var m = ${data};
  var browserLanguage = ${browserLanguage.toString()};
  var landingPath = ${landingPath.toString()};
  var root = document.documentElement;
  var path = location.pathname.replace(/^\\/+|\\/+$/g, '');
  if (path === '')
    path = landingPath(matchMedia('(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)').matches ? 0 : innerWidth, root.getAttribute('data-index-path') || '').replace(/^\\/+/, '');
  var route = m.routes[path.toLowerCase()];
  var lang = 'zh-CN';
  var site = root.getAttribute('data-site-language');
  if (m.texts[site]) lang = site;
  else if (site === 'browser') lang = browserLanguage(navigator.languages || []) || lang;
  try {
    var saved = JSON.parse(localStorage.getItem('appSetting') || 'null');
    if (saved && saved.state && m.texts[saved.state.language]) lang = saved.state.language;
  } catch (e) {}
  // The start-up's first call (the site, public, by host): asked for now, taken by the start-up.
  try {
    window.__atelierStart = fetch('/api/config/start', { headers: { 'X-Lang': lang } });
  } catch (e) {}
  var list = m.texts[lang].core.concat(m.startup);
  if (route) {
    list = list.concat(route.files);
    for (var j = 0; j < route.texts.length; j++) list = list.concat(m.texts[lang].ns[route.texts[j]]);
  }
  for (var i = 0; i < list.length; i++) {
    var link = document.createElement('link');
    var css = /\\.css$/.test(list[i]);
    link.rel = css ? 'stylesheet' : 'modulepreload';
    if (!css) link.crossOrigin = '';
    link.href = '/' + list[i];
    document.head.appendChild(link);
  }
  // The server's first paint, when the page has one (it then runs this script after it, in
  // the body, and leaves the app's stylesheet for it to apply, preloaded): its texts redrawn in a saved language (and the phone's prompt hint), the menu
  // folded as saved, and Enter in the chat's box kept from adding a line (docs/web.md).
  var paint = document.getElementById('first-paint');
  var sheets = document.querySelectorAll('link[data-first-paint-css]');
  for (var s = 0; s < sheets.length; s++) sheets[s].rel = 'stylesheet';
  if (paint) {
    var phone = matchMedia('(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)').matches;
    try {
      var touch = paint.querySelector('[data-t="midjourney:composer.placeholder"]');
      if (touch && phone) touch.setAttribute('data-t', 'midjourney:composer.placeholderTouch');
      if (paint.getAttribute('data-lang') !== lang || (touch && phone)) {
        var texts = JSON.parse(document.getElementById('first-paint-texts').textContent)[lang];
        var els = paint.querySelectorAll('[data-t]');
        for (var k = 0; texts && k < els.length; k++) {
          var text = texts[els[k].getAttribute('data-t')];
          var attr = els[k].getAttribute('data-ta');
          if (text === undefined) continue;
          if (attr) els[k].setAttribute(attr, text);
          else els[k].textContent = text;
        }
        if (texts) {
          paint.setAttribute('data-lang', lang);
          root.lang = lang;
        }
      }
      var setting = JSON.parse(localStorage.getItem('appSetting') || 'null');
      if (setting && setting.state && setting.state.siderCollapsed) paint.className += ' fp-collapsed';
    } catch (e) {}
    // The app's chat box takes the focus on a wide screen: so does the first paint's.
    var chatBox = paint.querySelector('textarea[data-fp-enter]');
    if (chatBox && !phone) chatBox.focus();
    paint.addEventListener('keydown', function (e) {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.target.hasAttribute('data-fp-enter'))
        e.preventDefault();
    });
  }
})();
`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      const fileName = this.getFileName(ref);
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-preload: index.html is not in the bundle');
      html.source = String(html.source).replace(
        /<script type="module"/,
        `<script src="/${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}
