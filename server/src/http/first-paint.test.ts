import { describe, expect, it } from 'vitest';
import {
  acceptedLanguage,
  escapeHtml,
  firstPaintLanguage,
  firstPaintScreen,
  renderFirstPaint,
  type FirstPaintSite,
} from './first-paint.js';
import { FIRST_PAINT_LANGUAGES, FIRST_PAINT_TEXTS } from './first-paint-texts.js';
import { withSitePage } from './web.js';

const site = (over: Partial<FirstPaintSite> = {}): FirstPaintSite => ({
  siteName: 'Atelier',
  appLogo: '/favicon.svg',
  menu: true,
  entries: [
    { name: 'Chat', title: { 'en-US': 'AI Agent', 'zh-CN': 'AI 智能体', 'zh-TW': '' } },
    { name: 'Midjourney', title: { 'en-US': 'MJ Drawing', 'zh-CN': '', 'zh-TW': '' } },
    { name: 'nowhere', title: { 'en-US': 'Unknown screen' } },
  ],
  clientMenuList: [],
  ...over,
});

describe('the first paint', () => {
  it('escapes text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('picks the language as the web app does: the site’s, else the browser’s, else zh-CN', () => {
    expect(firstPaintLanguage('en-US', 'zh-TW')).toBe('en-US');
    expect(firstPaintLanguage('browser', 'fr-FR, zh-HK;q=0.8, en;q=0.5')).toBe('zh-TW');
    expect(firstPaintLanguage('browser', 'en-GB,en;q=0.9')).toBe('en-US');
    expect(firstPaintLanguage('browser', 'fr-FR')).toBe('zh-CN');
    expect(firstPaintLanguage('browser', undefined)).toBe('zh-CN');
    expect(acceptedLanguage('en;q=0, zh')).toBe('zh-CN');
  });

  it('paints the landing’s screen, /Midjourney, /Chat and the launcher, and nothing else', () => {
    expect(firstPaintScreen('/', '/Midjourney', site())).toBe('draw');
    expect(firstPaintScreen('/', '/Chat', site())).toBe('chat');
    expect(firstPaintScreen('/', '', site())).toBe('draw');
    expect(firstPaintScreen('/', '/market', site())).toBeNull();
    expect(firstPaintScreen('/chat/', '', site())).toBe('chat');
    expect(firstPaintScreen('/mobileHome', '', site())).toBe('launcher');
    expect(firstPaintScreen('/user-center', '', site())).toBeNull();
    // A screen the site's menu or clientMenuList leaves out: the app would lead elsewhere.
    expect(firstPaintScreen('/Chat', '', site({ entries: [site().entries[1]!] }))).toBeNull();
    expect(firstPaintScreen('/Chat', '', site({ clientMenuList: ['Midjourney'] }))).toBeNull();
    expect(firstPaintScreen('/Chat', '', site({ clientMenuList: ['chat'] }))).toBe('chat');
    // A site without a menu holds visitors on its index path.
    expect(firstPaintScreen('/Chat', '/Midjourney', site({ menu: false }))).toBeNull();
    expect(firstPaintScreen('/Chat', '/Chat', site({ menu: false }))).toBe('chat');
    expect(firstPaintScreen('/', '/Chat', site({ menu: false }))).toBe('chat');
  });

  it('draws the site’s menu in its own titles, escaped, with the built-in label as fallback', () => {
    const evil = site({
      siteName: '<img src=x onerror=alert(1)>',
      appLogo: 'javascript:alert(1)',
      entries: [{ name: 'Chat', title: { 'en-US': '</script><script>alert(1)</script>' } }],
    });
    const html = renderFirstPaint('chat', 'en-US', evil, { landing: false });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/<script>alert/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The texts' JSON cannot end its element either.
    const json = html.slice(html.indexOf('<script type="application/json"'));
    expect(json.match(/<\/script>/g)).toHaveLength(1);

    const plain = renderFirstPaint('launcher', 'zh-TW', site(), { landing: false });
    expect(plain).toContain('<a href="/Chat"><i></i><span data-t="m:0">AI 智慧體</span></a>');
    expect(plain).not.toContain('Unknown screen');
    expect(plain).toContain('<img src="/favicon.svg" alt="">');
    // The app's own logo as index.html's inline icon: no request for it.
    const icon = 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E';
    const inline = renderFirstPaint('draw', 'en-US', site(), { landing: false, ownIcon: icon });
    expect(inline).toContain(`<img src="${icon}" alt="">`);
    expect(inline).not.toContain('/favicon.svg');
    // Only the app's own logo is replaced, and only by a picture's `data:` address.
    const other = renderFirstPaint('draw', 'en-US', site({ appLogo: '/file/logo.png' }), {
      landing: false,
      ownIcon: icon,
    });
    expect(other).toContain('<img src="/file/logo.png" alt="">');
    const odd = renderFirstPaint('draw', 'en-US', site(), {
      landing: false,
      ownIcon: 'javascript:alert(1)',
    });
    expect(odd).toContain('<img src="/favicon.svg" alt="">');
  });

  it('has a prompt box on the drawing screen and /Chat, links on the launcher', () => {
    const draw = renderFirstPaint('draw', 'en-US', site(), { landing: true });
    expect(draw).toMatch(/<textarea id="fp-box" data-fp-box /);
    expect(draw).toContain('class="fp fp-landing"');
    expect(draw).toContain(FIRST_PAINT_TEXTS['en-US']['midjourney:composer.placeholder']);
    const chat = renderFirstPaint('chat', 'zh-CN', site(), { landing: false });
    expect(chat).toMatch(/<textarea id="fp-box" data-fp-box data-fp-enter /);
    expect(chat).toContain('aria-current="page"');
    const launcher = renderFirstPaint('launcher', 'en-US', site(), { landing: false });
    expect(launcher).toMatch(
      /<main class="fp-main"><section class="fp-launch">.*<ul><li><a href="\/Chat">/,
    );
    // Every language's texts, for the start-up script to redraw a saved language.
    const texts = JSON.parse(
      /<script type="application\/json" id="first-paint-texts">(.*?)<\/script>/.exec(launcher)![1]!,
    ) as Record<string, Record<string, string>>;
    expect(Object.keys(texts).sort()).toEqual([...FIRST_PAINT_LANGUAGES].sort());
    expect(texts['zh-CN']!['m:1']).toBe('MJ 绘画');
  });

  it('paints /draw, /sd3, /video and /music unless the site’s menu leaves them out', () => {
    expect(firstPaintScreen('/draw', '', site({ entries: [] }))).toBe('dalle');
    expect(firstPaintScreen('/SD3/', '', site({ entries: [] }))).toBe('sd3');
    expect(firstPaintScreen('/video', '', site({ entries: [] }))).toBe('video');
    expect(firstPaintScreen('/music', '', site({ entries: [] }))).toBe('music');
    expect(firstPaintScreen('/mind', '', site({ entries: [] }))).toBeNull();
    expect(firstPaintScreen('/', '/draw', site({ entries: [] }))).toBe('dalle');
    // Not in the site's own menu (it has one): the app would lead elsewhere.
    expect(firstPaintScreen('/draw', '', site())).toBeNull();
    expect(firstPaintScreen('/video', '', site())).toBeNull();
    const withVideo = site({ entries: [...site().entries, { name: 'video', title: {} }] });
    expect(firstPaintScreen('/video', '', withVideo)).toBe('video');
    // clientMenuList gates /draw (with chat and Midjourney), not /sd3 or /video.
    const gated = site({ entries: [], clientMenuList: ['chat'] });
    expect(firstPaintScreen('/draw', '', gated)).toBeNull();
    expect(firstPaintScreen('/draw', '', site({ entries: [], clientMenuList: ['draw'] }))).toBe(
      'dalle',
    );
    expect(firstPaintScreen('/sd3', '', gated)).toBe('sd3');
    expect(firstPaintScreen('/video', '', gated)).toBe('video');
    expect(firstPaintScreen('/sd3', '/Chat', site({ entries: [], menu: false }))).toBeNull();
  });

  it('draws the picture and video screens’ heading, model slot and prompt box, escaped', () => {
    const plain = site({ entries: [] });
    for (const [screen, lang, title, placeholder, max] of [
      ['dalle', 'en-US', 'menu:draw', 'images:promptPlaceholder', 4000],
      ['sd3', 'zh-TW', 'menu:sd3', 'images:promptPlaceholder', 10000],
      ['video', 'zh-CN', 'menu:video', 'video:promptPlaceholder', 2000],
      ['music', 'en-US', 'menu:music', 'music:compose.promptPlaceholder', 500],
    ] as const) {
      const html = renderFirstPaint(screen, lang, plain, { landing: false });
      const texts = FIRST_PAINT_TEXTS[lang];
      expect(html).toContain(`data-screen="${screen}"`);
      expect(html).toContain(`<h1><i></i><span data-t="${title}">${escapeHtml(texts[title])}`);
      expect(html).toMatch(
        new RegExp(
          `<div class="fp-(select|seg)">.*(</div>)+<div class="fp-field"><label for="fp-box">.*</label>` +
            `<textarea id="fp-box" data-fp-box maxlength="${max}" rows="3" placeholder="`,
        ),
      );
      expect(html).toContain(`placeholder="${escapeHtml(texts[placeholder])}"`);
      // The menu marks the painted screen.
      const path = { dalle: '/draw', sd3: '/sd3', video: '/video', music: '/music' }[screen];
      expect(html).toContain(`<a href="${path}" aria-current="page">`);
    }
    expect(renderFirstPaint('sd3', 'en-US', plain, { landing: false })).toContain(
      '<div class="fp-seg"><span data-t="images:textToImage">Text to image</span>',
    );
    // /music: the model's select, then the mode switch, in a card.
    expect(renderFirstPaint('music', 'zh-CN', plain, { landing: false })).toMatch(
      /<section class="fp-draw fp-music">.*<div class="fp-select"><\/div><\/div><div class="fp-seg"><span data-t="music:compose.inspiration">灵感模式/,
    );
    const evil = renderFirstPaint(
      'video',
      'en-US',
      site({
        siteName: '"><script>alert(1)</script>',
        entries: [{ name: 'video', title: { 'en-US': '<b onmouseover=x>AI video</b>' } }],
      }),
      { landing: false },
    );
    expect(evil).not.toMatch(/<script>alert|<b onmouseover/);
    expect(evil).toContain('&lt;b onmouseover=x&gt;AI video&lt;/b&gt;');
  });

  it('goes into index.html with the start-up script after it and the stylesheet preloaded', () => {
    const html =
      '<!doctype html><html lang="zh-CN" class="dark"><head><title>AI</title>' +
      '<script src="/assets/route-preload-Ab.js"></script>' +
      '<script type="module" crossorigin src="/assets/index-Cd.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/web-Ef.css">' +
      '</head><body><div id="root"></div></body></html>';
    const page = withSitePage(
      { plain: Buffer.from(html), variants: new Map() },
      { language: 'browser', indexPath: '/Midjourney', firstPaint: site({ siteName: 'A & B' }) },
      { screen: 'chat', language: 'en-US', landing: false },
    );
    const out = page.plain.toString();
    expect(out).toMatch(
      /^<!doctype html><html data-site-language="browser" data-index-path="\/Midjourney" lang="en-US"/,
    );
    expect(out).toContain('<title>AI agent - A &amp; B</title>');
    expect(out).toContain(
      '<link rel="preload" as="style" data-first-paint-css crossorigin href="/assets/web-Ef.css">',
    );
    expect(out).not.toContain('rel="stylesheet"');
    expect(out.indexOf('id="first-paint"')).toBeLessThan(out.indexOf('<div id="root">'));
    expect(out).toMatch(
      /<div id="root"><\/div><script async src="\/assets\/route-preload-Ab\.js"><\/script><\/body>/,
    );
    const video = withSitePage(
      { plain: Buffer.from(html), variants: new Map() },
      { language: 'zh-TW', indexPath: '/Chat', firstPaint: site({ entries: [] }) },
      { screen: 'video', language: 'zh-TW', landing: false },
    ).plain.toString();
    expect(video).toContain('<title>AI 影片 - Atelier</title>');
  });
});
