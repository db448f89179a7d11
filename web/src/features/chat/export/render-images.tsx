import { getFontEmbedCSS, toBlob } from 'html-to-image';
import { flushSync } from 'react-dom';
import { loadMath } from '../../../components/markdown/math';
import { createRoot } from 'react-dom/client';
import {
  MeasureSheet,
  PAGE_PADDING_Y,
  PagedSheet,
  SHEET_BACKGROUND,
  SHEET_WIDTH,
  type SheetProps,
} from './chat-sheet';
import { keepWoff2Sources } from './font-css';
import { IOS_CANVAS_AREA, maxPageHeight, planPages } from './page-plan';
import { EXPORT_STYLE_PROPERTIES, withListedStyles } from './style-properties';

/** Sharp on high-density screens and when zoomed in; higher would shorten every page. */
const PIXEL_RATIO = 2;
/** How long an image in a message may take to load before the export goes on without it. */
const ASSET_DEADLINE_MS = 10_000;
/** A picture that cannot be fetched (another site without CORS) becomes a transparent pixel. */
const TRANSPARENT_PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** iPhone and iPad (which also calls itself a Mac) cap a canvas by area. */
const isAppleMobile = () =>
  /iP(hone|ad|od)/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

const withDeadline = (work: Promise<unknown>, ms: number) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);

/**
 * Waits until what the sheet shows is ready to be copied: its layout done, the fonts it uses
 * (KaTeX's among them, requested by that layout) loaded, its images decoded.
 */
async function settle(host: HTMLElement): Promise<void> {
  void host.offsetHeight;
  await frame();
  await document.fonts.ready;
  const images = [...host.querySelectorAll('img')].filter((img) => !img.complete);
  await withDeadline(
    Promise.all(images.map((img) => img.decode().catch(() => undefined))),
    ASSET_DEADLINE_MS,
  );
  await document.fonts.ready;
}

/**
 * Renders the conversation off-screen with the chat's markdown and returns one PNG per page.
 * First the whole sheet is laid out once to measure its blocks; then the blocks are laid out
 * again as pages within the canvas limits, and each page is drawn.
 */
export async function renderChatImages(sheet: SheetProps): Promise<Blob[]> {
  // Formulas must be typeset before the sheet is measured.
  await loadMath();
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = `position:absolute;top:0;left:${-4 * SHEET_WIDTH}px;pointer-events:none;`;
  document.body.appendChild(host);
  const root = createRoot(host);
  try {
    flushSync(() => root.render(<MeasureSheet {...sheet} />));
    await settle(host);
    const heights = [...host.querySelectorAll('[data-export-block]')].map((block) =>
      Math.ceil(block.getBoundingClientRect().height),
    );
    const pageHeight = maxPageHeight(
      SHEET_WIDTH,
      PIXEL_RATIO,
      isAppleMobile() ? IOS_CANVAS_AREA : Infinity,
    );
    const plan = planPages(heights, pageHeight - 2 * PAGE_PADDING_Y);

    flushSync(() => root.render(<PagedSheet {...sheet} plan={plan} />));
    await settle(host);
    const pages = [...host.querySelectorAll<HTMLElement>('[data-export-page]')];
    const fontEmbedCSS = keepWoff2Sources(await getFontEmbedCSS(host));
    const blobs: Blob[] = [];
    for (const page of pages) {
      const blob = await withListedStyles(() =>
        toBlob(page, {
          width: page.offsetWidth,
          height: page.offsetHeight,
          pixelRatio: PIXEL_RATIO,
          // The pages are planned within the canvas limits; html-to-image would shrink to 16,384.
          skipAutoScale: true,
          backgroundColor: SHEET_BACKGROUND,
          fontEmbedCSS,
          imagePlaceholder: TRANSPARENT_PIXEL,
          includeStyleProperties: EXPORT_STYLE_PROPERTIES,
        }),
      );
      if (!blob) throw new Error('the canvas produced no image');
      blobs.push(blob);
    }
    return blobs;
  } finally {
    root.unmount();
    host.remove();
  }
}
