import { sharp } from '../../lib/sharp.js';
import { hashString, randomOf } from './demo-lyrics.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).slice(0, 60);

/**
 * The demo's cover: a 512 px picture whose colours, rings and waveform come from the song's
 * title and tags (deterministic), with the title written on it. PNG bytes.
 */
export async function demoCover(title: string, tags: string, variant: number): Promise<Buffer> {
  const rnd = randomOf(hashString(`${title}|${tags}|cover|${variant}`));
  const hue = Math.floor(rnd() * 360);
  const hue2 = (hue + 40 + Math.floor(rnd() * 140)) % 360;
  const rings = Array.from({ length: 6 }, (_, i) => {
    const r = 60 + i * 34 + Math.floor(rnd() * 12);
    const o = (0.12 + rnd() * 0.25).toFixed(2);
    return `<circle cx="256" cy="230" r="${r}" fill="none" stroke="hsl(${hue2},80%,75%)" stroke-width="${2 + Math.floor(rnd() * 6)}" opacity="${o}"/>`;
  }).join('');
  const bars = Array.from({ length: 48 }, (_, i) => {
    const h = 8 + Math.floor(rnd() * 60);
    return `<rect x="${16 + i * 10}" y="${420 - h / 2}" width="6" height="${h}" rx="3" fill="hsl(${hue2},70%,85%)" opacity="0.8"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},65%,35%)"/><stop offset="1" stop-color="hsl(${hue2},60%,18%)"/>
  </linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>${rings}
  <circle cx="256" cy="230" r="42" fill="hsl(${hue},70%,60%)"/><circle cx="256" cy="230" r="8" fill="#111"/>
  ${bars}
  <text x="256" y="488" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${esc(title)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
