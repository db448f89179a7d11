import { describe, expect, it } from 'vitest';
import { keepWoff2Sources } from './font-css';

const face = (weight: number, sources: string) =>
  `@font-face { font-family: KaTeX_Main; font-weight: ${weight}; src: ${sources}; }`;

describe('keepWoff2Sources', () => {
  it('keeps only the woff2 source of every rule, data URLs with commas included', () => {
    const regular = face(
      400,
      'url("data:font/woff2;base64,AAA+/=") format("woff2"), url("data:font/woff;base64,BBB") format("woff"), url(x.ttf) format("truetype")',
    );
    const bold = face(
      700,
      "url('data:font/woff2;base64,CCC') format('woff2'), url(b.woff) format('woff')",
    );
    expect(keepWoff2Sources(`${regular}\n${bold}`)).toBe(
      `${face(400, 'url("data:font/woff2;base64,AAA+/=") format("woff2")')}\n${face(700, 'url("data:font/woff2;base64,CCC") format("woff2")')}`,
    );
  });

  it('leaves a rule without a woff2 source as it was', () => {
    const css = face(400, 'url(a.woff) format("woff")');
    expect(keepWoff2Sources(css)).toBe(css);
  });
});
