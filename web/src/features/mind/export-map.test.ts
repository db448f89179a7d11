import { describe, expect, it } from 'vitest';
import { EXPORT_PADDING, exportFrame, mapSvgText, pngScale } from './export-map';

describe('exportFrame', () => {
  it('sizes the picture to the content plus padding and shifts the content into it', () => {
    expect(exportFrame({ x: -40, y: -120.5, width: 300.2, height: 240 }, 20)).toEqual({
      width: 341,
      height: 280,
      translateX: 60,
      translateY: 140.5,
    });
  });
});

describe('pngScale', () => {
  it('doubles small maps and shrinks the scale for ones a canvas cannot hold', () => {
    expect(pngScale(800, 600)).toBe(2);
    expect(pngScale(12_000, 400)).toBeCloseTo(16_384 / 12_000);
    expect(pngScale(6000, 6000)).toBeCloseTo(4096 / 6000);
    expect(pngScale(0, 0)).toBe(2);
  });
});

describe('mapSvgText', () => {
  const drawn = () => {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('class', 'markmap mm-1');
    svg.setAttribute('style', '--markmap-max-width: 280px');
    const style = document.createElementNS(ns, 'style');
    style.textContent = '.mm-1{color:#eee}';
    const g = document.createElementNS(ns, 'g');
    g.setAttribute('transform', 'translate(500,300) scale(3)');
    const text = document.createElementNS(ns, 'text');
    text.textContent = 'Root & <leaf>';
    g.appendChild(text);
    svg.append(style, g);
    // happy-dom has no layout: the drawn content's box is what the browser would measure.
    Object.assign(g, { getBBox: () => ({ x: -10, y: -50, width: 200, height: 100 }) });
    return svg;
  };

  it('is a standalone document of the content on the background, whatever the view zoom', () => {
    const svg = drawn();
    const out = mapSvgText(svg, '#141419');
    const size = 2 * EXPORT_PADDING;
    expect(out).toMatchObject({ width: 200 + size, height: 100 + size });
    const doc = new DOMParser().parseFromString(out.text, 'image/svg+xml');
    const root = doc.documentElement;
    expect(root.getAttribute('viewBox')).toBe(`0 0 ${200 + size} ${100 + size}`);
    expect(root.getAttribute('width')).toBe(String(200 + size));
    expect(root.getAttribute('style')).toBe('--markmap-max-width: 280px');
    expect(root.querySelector('rect')?.getAttribute('fill')).toBe('#141419');
    expect(root.querySelector('style')?.textContent).toBe('.mm-1{color:#eee}');
    expect(root.querySelector('g')?.getAttribute('transform')).toBe(
      `translate(${EXPORT_PADDING + 10},${EXPORT_PADDING + 50})`,
    );
    expect(root.querySelector('text')?.textContent).toBe('Root & <leaf>');
    expect(out.text.startsWith('<?xml')).toBe(true);
    // The page's map keeps its own zoom.
    expect(svg.querySelector('g')?.getAttribute('transform')).toBe('translate(500,300) scale(3)');
  });

  it('refuses a map that was not drawn', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    expect(() => mapSvgText(svg, '#000')).toThrow();
  });
});
