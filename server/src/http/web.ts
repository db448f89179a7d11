import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { SitePage } from '../context.js';
import { apiNotFound } from './error-handler.js';
import {
  escapeHtml,
  firstPaintLanguage,
  firstPaintScreen,
  renderFirstPaint,
  type FirstPaintScreen,
} from './first-paint.js';
import { FIRST_PAINT_TEXTS } from './first-paint-texts.js';

/** Hashed build output: its name changes with its content, so a browser keeps it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, version.json and the files of `web/public`: asked again on every use. */
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';
const suffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to send among those present, by the request's `Accept-Encoding`: br before
 * gzip before none, whatever order the header lists them in; `q=0` refuses one, and `*`
 * accepts any not named.
 */
export function pickEncoding(
  header: string | string[] | undefined,
  available: readonly Encoding[],
): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const quality = new Map<string, number>();
  for (const part of text.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (e: Encoding) => (quality.get(e) ?? quality.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find((e) => available.includes(e) && accepted(e)) ?? null;
}

type Page = { plain: Buffer; variants: Map<Encoding, Buffer> };

/** The site language settings index.html may carry (contracts `siteLanguage`). */
/** The page title's text of each painted screen (its menu label). */
const PAINT_TITLES = {
  draw: 'menu:midjourney',
  chat: 'menu:chat',
  launcher: 'menu:mobileHome',
  dalle: 'menu:draw',
  sd3: 'menu:sd3',
  video: 'menu:video',
  music: 'menu:music',
} as const satisfies Record<FirstPaintScreen, keyof (typeof FIRST_PAINT_TEXTS)['en-US']>;

const SITE_LANGUAGES = new Set(['en-US', 'zh-CN', 'zh-TW', 'browser']);

/** An index path as a site may hold it: a path of letters, digits, `-`, `_` and `/`. */
const INDEX_PATH = /^(\/[\w-]+)*\/?$/;

/** The first paint of one page: the screen, its language, and whether it is the landing `/`. */
export interface PagePaint {
  screen: FirstPaintScreen;
  language: string;
  landing: boolean;
}

/**
 * index.html naming the site's first-visit language (`<html data-site-language="en-US">` or
 * `browser`) and index path (`data-index-path="/Chat"`), so its start-up script fetches that
 * language's texts and the screen `/` leads to at once, instead of the default language's and
 * then the site's after the config call (docs/web.md, Texts). With `paint`, the page also
 * carries the first paint of its screen (docs/web.md, First paint): the static screen before
 * `#root`, then the start-up script and the stylesheet moved after it into the body, so
 * nothing in the head holds the paint back (the start-up script redraws the paint's texts in
 * a saved language). Compressed here: one copy per site page, made on first use.
 */
export function withSitePage(page: Page, site: SitePage, paint?: PagePaint): Page {
  let html = page.plain
    .toString('utf8')
    .replace(
      /<html\b/,
      `<html data-site-language="${site.language}" data-index-path="${site.indexPath}"`,
    );
  if (paint && site.firstPaint) {
    const lang = paint.language as keyof typeof FIRST_PAINT_TEXTS;
    const moved: string[] = [];
    html = html
      .replace(/\s*<script src="\/assets\/route-preload-[^"]+\.js"><\/script>/, (tag) => {
        // The start-up script runs when it arrives instead of holding the parser (and so the
        // paint) up: it only starts fetches the entry would start later anyway, and the
        // entry takes what it finds (`window.__atelierStart`) or asks itself.
        moved.push(tag.trim().replace(/^<script /, '<script async '));
        return '';
      })
      // The app's stylesheet would hold the paint until it arrives: fetched at once but
      // applied by the start-up script or the entry, whichever runs first (a stylesheet they
      // add does not hold the paint).
      .replace(
        /<link rel="stylesheet"([^>]*)>/g,
        '<link rel="preload" as="style" data-first-paint-css$1>',
      );
    const label = FIRST_PAINT_TEXTS[lang][PAINT_TITLES[paint.screen]];
    const title = `${label} - ${site.firstPaint.siteName || 'AI'}`;
    html = html
      .replace(/(<html\b[^>]*?) lang="[^"]*"/, `$1 lang="${lang}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<div id="root"><\/div>/,
        `${renderFirstPaint(paint.screen, lang, site.firstPaint, {
          landing: paint.landing,
          ownIcon: /<link\s+rel="icon"\s+href="(data:[^"]+)"/.exec(html)?.[1],
        })}` + `<div id="root"></div>${moved.join('')}`,
      );
  }
  const plain = Buffer.from(html);
  const variants = new Map<Encoding, Buffer>();
  if (page.variants.has('br'))
    variants.set(
      'br',
      brotliCompressSync(plain, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
    );
  if (page.variants.has('gzip')) variants.set('gzip', gzipSync(plain, { level: 9 }));
  return { plain, variants };
}

/** index.html as built, and its precompressed copies when the build wrote them. */
function readIndex(indexFile: string): Page {
  const variants = new Map<Encoding, Buffer>();
  for (const encoding of ['br', 'gzip'] as const) {
    const file = indexFile + suffix[encoding];
    if (fs.existsSync(file)) variants.set(encoding, fs.readFileSync(file));
  }
  return { plain: fs.readFileSync(indexFile), variants };
}

/**
 * Serves the built web app (docs/web.md, Bundle size): the build writes a brotli (`.br`) and a gzip
 * (`.gz`) copy beside each text file, and the copy the browser accepts goes out with
 * `content-encoding` and `vary: accept-encoding`. Hashed assets (`/assets/`) are cached for a
 * year as immutable; everything else is revalidated, and every other non-API GET or HEAD is
 * answered with index.html (client-side routes), naming the site's language and index
 * path when
 * `sitePage` knows the request's host.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  sitePage: (host: string) => Promise<SitePage | null> = async () => null,
): Promise<void> {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  if (!webDist || !fs.existsSync(indexFile)) {
    app.setNotFoundHandler(apiNotFound);
    if (webDist) app.log.warn({ webDist: root }, 'web app not built: serving the API only');
    return;
  }
  const index = readIndex(indexFile);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The plugin's own header would replace the one set below (it is written after it).
    cacheControl: false,
    // The compressed copies are only sent in place of their original, never by their own name.
    allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
    setHeaders(res, file) {
      const rel = path.relative(root, file).split(path.sep);
      res.setHeader('cache-control', rel[0] === 'assets' ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const bySite = new Map<string, Page>();
  const pageFor = async (
    req: FastifyRequest,
    url: string,
  ): Promise<{ page: Page; byLanguage: boolean }> => {
    const site = await sitePage(req.hostname).catch(() => null);
    if (!site || !SITE_LANGUAGES.has(site.language) || !INDEX_PATH.test(site.indexPath))
      return { page: index, byLanguage: false };
    const screen = site.firstPaint ? firstPaintScreen(url, site.indexPath, site.firstPaint) : null;
    const paint: PagePaint | undefined = screen
      ? {
          screen,
          language: firstPaintLanguage(site.language, req.headers['accept-language']),
          landing: url === '/',
        }
      : undefined;
    const key = JSON.stringify([site, paint ?? null]);
    let page = bySite.get(key);
    // A few sites, screens and languages: each copy is a few KB. An admin's edits make new
    // keys; the oldest copies go past 200.
    if (!page) {
      if (bySite.size >= 200) bySite.delete(bySite.keys().next().value!);
      bySite.set(key, (page = withSitePage(index, site, paint)));
    }
    // The first paint's language follows the browser's on a site set to `browser`.
    return { page, byLanguage: !!paint && site.language === 'browser' };
  };
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, url: string) => {
    const { page, byLanguage } = await pageFor(req, url);
    const encoding = pickEncoding(req.headers['accept-encoding'], [...page.variants.keys()]);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('vary', byLanguage ? 'accept-encoding, accept-language' : 'accept-encoding')
      .send(encoding ? page.variants.get(encoding)! : page.plain);
  };
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !read) return apiNotFound(req, reply);
    // A missing hashed asset is a real 404, not the app (a stale tab would otherwise parse HTML as JS).
    if (url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    return sendIndex(req, reply, url);
  });
}
