/**
 * The mind map as files: the drawn SVG cut to its content (whatever the view's pan and zoom),
 * on the screen's background, as an SVG document or a PNG at twice its size.
 */

/** Space around the map in an exported file (px). */
export const EXPORT_PADDING = 24;
/** Canvas limits browsers keep to: a side and the whole area. */
const MAX_SIDE = 16_384;
const MAX_AREA = 16_777_216;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The exported picture: its size and the shift that puts the content at the padding. */
export interface ExportFrame {
  width: number;
  height: number;
  translateX: number;
  translateY: number;
}

export function exportFrame(content: Box, padding = EXPORT_PADDING): ExportFrame {
  return {
    width: Math.ceil(content.width + padding * 2),
    height: Math.ceil(content.height + padding * 2),
    translateX: padding - content.x,
    translateY: padding - content.y,
  };
}

/** The PNG scale: `wanted` (2 for sharp text) unless the canvas would be too large. */
export function pngScale(width: number, height: number, wanted = 2): number {
  const bySide = MAX_SIDE / Math.max(width, height, 1);
  const byArea = Math.sqrt(MAX_AREA / Math.max(width * height, 1));
  return Math.max(0.1, Math.min(wanted, bySide, byArea));
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A standalone SVG document of the drawn map: a copy of `svg` with its content shifted into
 * view, sized to it, on `background`. The map's own <style> travels inside the copy.
 */
export function mapSvgText(svg: SVGSVGElement, background: string): ExportFrame & { text: string } {
  const content = svg.querySelector<SVGGElement>(':scope > g');
  if (!content) throw new Error('the mind map has not been drawn');
  const frame = exportFrame(content.getBBox());
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(frame.width));
  copy.setAttribute('height', String(frame.height));
  copy.setAttribute('viewBox', `0 0 ${frame.width} ${frame.height}`);
  // The inline style stays: markmap keeps `--markmap-max-width` (where text wraps) there.
  copy.removeAttribute('data-testid');
  copy
    .querySelector(':scope > g')!
    .setAttribute('transform', `translate(${frame.translateX},${frame.translateY})`);
  const rect = document.createElementNS(SVG_NS, 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', background);
  copy.insertBefore(rect, copy.firstChild);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
  return { ...frame, text };
}

/** Draws an SVG document on a canvas and encodes it as PNG. */
export async function svgToPng(text: string, width: number, height: number): Promise<Blob> {
  const image = new Image();
  // A data: URL (not a blob: one) keeps the canvas untainted in Chromium with foreignObject.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const scale = pngScale(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
      'image/png',
    ),
  );
}
