import { sharp } from '../../lib/sharp.js';
import { sizeFor } from './prompt.js';

/**
 * The offline demo's painter: a small landscape generator whose sky, sun, ridges, water,
 * skyline and motifs come from the prompt's words. Everything is a pure function of a
 * "recipe" (the prompt, its flags and the chain of buttons pressed since), so a U2 is exactly
 * the second picture of its grid at a higher size, and a variation, zoom or pan visibly
 * changes it the way the button says — without keeping any picture around.
 */

export type DemoStep =
  | { kind: 'reroll'; salt: number }
  | { kind: 'variation'; cell: number; strength: 'normal' | 'strong' | 'subtle' }
  | { kind: 'upscale'; cell: number }
  | { kind: 'upscale_hd'; creative: boolean }
  | { kind: 'zoom'; factor: number }
  | { kind: 'pan'; dir: 'left' | 'right' | 'up' | 'down' }
  | { kind: 'inpaint'; salt: number };

export interface DemoRecipe {
  prompt: string;
  seed?: number;
  aspect?: string;
  chaos?: number;
  stylize?: number;
  niji?: boolean;
  no?: string;
  /** `--tile`: a picture whose edges meet (mirrored, so it repeats seamlessly). */
  tile?: boolean;
  /** Mean colours of the pictures a blend mixed (0–255 RGB). */
  mix?: Array<[number, number, number]>;
  steps: DemoStep[];
}

type RGB = [number, number, number];

interface Ridge {
  base: number;
  amps: [number, number, number];
  freqs: [number, number, number];
  phases: [number, number, number];
  color: RGB;
  city: boolean;
}

interface Blob {
  x: number;
  y: number;
  r: number;
  color: RGB;
}

interface Scene {
  top: RGB;
  bottom: RGB;
  sun: { x: number; y: number; r: number; color: RGB } | null;
  ridges: Ridge[];
  water: { level: number; color: RGB } | null;
  blobs: Blob[];
  stars: boolean;
  /** World window: centre, height of the frame in world units, width / height. */
  cx: number;
  cy: number;
  scale: number;
  aspect: number;
  saturation: number;
  posterize: boolean;
  tile: boolean;
}

// ---------------------------------------------------------------- randomness

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function rng(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- colours and words

const hsl = (h: number, s: number, l: number): RGB => {
  h = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
};

const hueOf = ([r, g, b]: RGB): number => {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
};

/** Colour words in the three languages, as hues (s, l for the neutral ones). */
const colourWords: Array<[RegExp, number, number?, number?]> = [
  [/\b(red|crimson|scarlet)\b|红|紅/, 0],
  [/\b(orange|amber)\b|橙/, 28],
  [/\b(yellow|gold|golden)\b|黄|黃|金/, 48],
  [/\b(green|emerald|jade)\b|绿|綠/, 120],
  [/\b(teal|cyan|turquoise)\b|青/, 180],
  [/\b(blue|azure|navy|sapphire)\b|蓝|藍/, 220],
  [/\b(purple|violet|lavender)\b|紫/, 275],
  [/\b(pink|rose|magenta)\b|粉/, 330],
  [/\b(white|snow|ivory)\b|白|雪/, 210, 0.15, 0.9],
  [/\b(black|dark|shadow)\b|黑|暗/, 230, 0.3, 0.1],
  [/\b(gr[ae]y|silver)\b|灰|银|銀/, 220, 0.08, 0.6],
  [/\b(brown|wood|earth)\b|棕|褐|木/, 25, 0.45, 0.3],
];

const has = (text: string, re: RegExp) => re.test(text);

// ---------------------------------------------------------------- the scene

function baseScene(recipe: DemoRecipe): Scene {
  const text = recipe.prompt.toLowerCase();
  const seed = recipe.seed ?? hashString(text);
  const r = rng(seed);
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const wordHues = words.map((w) => hashString(w) % 360);
  const named = colourWords.filter(([re]) => has(text, re));
  const night = has(text, /\b(night|moon|stars?|space|galaxy|midnight)\b|夜|月|星|宇宙/);
  const dusk = has(text, /\b(sunset|dusk|dawn|sunrise|evening)\b|黄昏|日落|日出|黎明|夕/);
  const water = has(text, /\b(sea|ocean|lake|river|water|beach|waves?)\b|海|湖|河|水|浪/);
  const city = has(text, /\b(city|town|building|skyline|street|cyberpunk)\b|城|楼|樓|街/);
  const forest = has(text, /\b(forest|trees?|jungle|garden)\b|森林|树|樹|花园|花園/);

  // The palette: named colours first, then the words' own hues, then the mix of a blend.
  let hues = [...named.map(([, h]) => h), ...wordHues];
  if (recipe.mix?.length) hues = [...recipe.mix.map(hueOf), ...hues];
  if (hues.length === 0) hues = [r() * 360];
  const main = hues[0]!;
  const second = hues[1] ?? main + 40 + r() * 100;
  const accent = hues[2] ?? second + 120;
  const neutral = named.find(([, , s]) => s !== undefined);

  const skyTop: RGB = night
    ? hsl(main + 200, 0.5, 0.08)
    : dusk
      ? hsl(main - 10, 0.7, 0.45)
      : neutral
        ? hsl(neutral[1], neutral[2]!, Math.min(0.85, neutral[3]! + 0.1))
        : named.length
          ? hsl(main, 0.55, 0.32)
          : hsl(main + 180, 0.45, 0.62);
  const skyBottom: RGB = night
    ? hsl(second + 200, 0.45, 0.22)
    : dusk
      ? hsl(second + 20, 0.85, 0.68)
      : named.length
        ? hsl(second, 0.6, 0.72)
        : hsl(main + 150, 0.35, 0.85);

  const ridges: Ridge[] = [];
  const layers = 3;
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1);
    const hue = forest ? 110 + (hues[i] ?? main) / 12 : (hues[i] ?? main) + i * 25;
    ridges.push({
      base: 0.05 + depth * 0.22 + r() * 0.08,
      amps: [0.08 + r() * 0.1, 0.03 + r() * 0.05, 0.01 + r() * 0.02],
      freqs: [1.2 + r() * 1.5, 3 + r() * 4, 9 + r() * 10],
      phases: [r() * 6.28, r() * 6.28, r() * 6.28],
      color: hsl(
        hue,
        forest ? 0.45 : 0.35 + r() * 0.3,
        night ? 0.06 + depth * 0.08 : 0.55 - depth * 0.32,
      ),
      city: city && i === layers - 1,
    });
  }
  const blobs: Blob[] = [];
  const nBlobs = 3 + (words.length % 4);
  for (let i = 0; i < nBlobs; i++)
    blobs.push({
      x: (r() - 0.5) * 1.6,
      y: -0.35 + r() * 0.35,
      r: 0.03 + r() * 0.08,
      color: hsl(accent + i * 37, 0.75, night ? 0.7 : 0.6),
    });
  if (recipe.no) {
    // `--no` takes the motifs away, so the flag is visible too.
    blobs.length = 0;
  }
  const [aw, ah] = (recipe.aspect ?? '1:1').split(':').map(Number) as [number, number];
  return {
    top: skyTop,
    bottom: skyBottom,
    sun: {
      x: (r() - 0.5) * 0.9,
      y: -0.2 - r() * 0.2,
      r: 0.06 + r() * 0.07,
      color: night ? [235, 235, 215] : dusk ? hsl(20, 0.95, 0.6) : hsl(48, 0.95, 0.7),
    },
    ridges,
    water: water
      ? { level: 0.18 + r() * 0.1, color: hsl(main + 200, 0.55, night ? 0.15 : 0.4) }
      : null,
    blobs,
    stars: night,
    cx: 0,
    cy: 0,
    scale: 1,
    aspect: aw > 0 && ah > 0 ? aw / ah : 1,
    saturation: 0.85 + Math.min(recipe.stylize ?? 100, 1000) / 1500,
    posterize: recipe.niji === true,
    tile: recipe.tile === true,
  };
}

/** Moves the scene's numbers by `amount` (0 = the same picture). */
function jitter(scene: Scene, seed: number, amount: number): Scene {
  if (amount <= 0) return scene;
  const r = rng(seed);
  const d = () => (r() - 0.5) * 2 * amount;
  const shiftColour = (c: RGB): RGB => [
    clamp255(c[0] + d() * 90),
    clamp255(c[1] + d() * 90),
    clamp255(c[2] + d() * 90),
  ];
  return {
    ...scene,
    top: shiftColour(scene.top),
    bottom: shiftColour(scene.bottom),
    sun: scene.sun
      ? { ...scene.sun, x: scene.sun.x + d() * 0.8, y: scene.sun.y + d() * 0.25 }
      : null,
    ridges: scene.ridges.map((g) => ({
      ...g,
      base: g.base + d() * 0.1,
      phases: g.phases.map((p) => p + d() * 3) as Ridge['phases'],
      color: shiftColour(g.color),
    })),
    blobs: scene.blobs.map((b) => ({
      ...b,
      x: b.x + d() * 0.7,
      y: b.y + d() * 0.3,
      r: Math.max(0.01, b.r * (1 + d())),
    })),
  };
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The spread between the four pictures of a grid the step makes. */
const spreadOf = (step: DemoStep | null, chaos: number): number => {
  if (!step) return 0.35 + chaos / 150;
  switch (step.kind) {
    case 'reroll':
      return 0.35 + chaos / 150;
    case 'variation':
      return step.strength === 'subtle' ? 0.1 : step.strength === 'strong' ? 0.4 : 0.25;
    default:
      return 0.15;
  }
};

interface Resolved {
  scene: Scene;
  /** A grid: the seed and spread its four pictures are jittered with. Null: one picture. */
  grid: { seed: number; spread: number } | null;
  /** Long side in pixels. */
  long: number;
}

/** Applies the chain of buttons to the prompt's scene. */
export function resolve(recipe: DemoRecipe, long = 1024): Resolved {
  let scene = baseScene(recipe);
  const chaos = recipe.chaos ?? 0;
  let key = hashString(`${recipe.prompt}|${recipe.seed ?? ''}`);
  let grid: Resolved['grid'] = { seed: key, spread: spreadOf(null, chaos) };
  let size = long;
  const pick = (cell: number) => {
    if (grid) scene = jitter(scene, grid.seed + cell * 7919, grid.spread);
  };
  for (const step of recipe.steps) {
    key = hashString(`${key}|${JSON.stringify(step)}`);
    switch (step.kind) {
      case 'reroll':
        grid = { seed: key, spread: spreadOf(step, chaos) };
        break;
      case 'variation':
        pick(step.cell);
        grid = { seed: key, spread: spreadOf(step, chaos) };
        break;
      case 'upscale':
        pick(step.cell);
        grid = null;
        size = long;
        break;
      case 'upscale_hd':
        pick(1);
        if (step.creative) scene = jitter(scene, key, 0.05);
        grid = null;
        size = Math.round(long * 1.5);
        break;
      case 'zoom':
        pick(1);
        scene = { ...scene, scale: scene.scale * step.factor };
        grid = { seed: key, spread: 0.12 };
        break;
      case 'pan': {
        pick(1);
        const horizontal = step.dir === 'left' || step.dir === 'right';
        const sign = step.dir === 'left' || step.dir === 'up' ? -1 : 1;
        const w = scene.aspect * scene.scale;
        if (horizontal) {
          const aspect = Math.min(scene.aspect * 1.5, 3);
          scene = { ...scene, aspect, cx: scene.cx + (sign * (aspect * scene.scale - w)) / 2 };
        } else {
          const aspect = Math.max(scene.aspect / 1.5, 1 / 3);
          const h = w / aspect;
          scene = { ...scene, aspect, cy: scene.cy + (sign * (h - scene.scale)) / 2, scale: h };
        }
        grid = { seed: key, spread: 0.12 };
        break;
      }
      case 'inpaint':
        pick(1);
        scene = {
          ...scene,
          blobs: jitter(scene, key, 0.6).blobs.map((b, i) => ({
            ...b,
            color: jitter(scene, key + i, 0.6).top,
          })),
        };
        grid = { seed: key, spread: 0.1 };
        break;
    }
  }
  return { scene, grid, long: size };
}

// ---------------------------------------------------------------- painting

function paint(
  scene: Scene,
  out: Buffer,
  stride: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
): void {
  const frameH = scene.scale;
  const frameW = frameH * (w / h);
  // A tile folds the frame at its middle so the left edge continues the right one.
  const fx = (px: number) => (scene.tile ? 1 - Math.abs((2 * px) / w - 1) : px / w);
  const fy = (py: number) => (scene.tile ? 1 - Math.abs((2 * py) / h - 1) : py / h);
  const ridgeHeights = scene.ridges.map(() => new Float32Array(w));
  for (let px = 0; px < w; px++) {
    const wx = scene.cx + (fx(px) - 0.5) * frameW;
    scene.ridges.forEach((g, i) => {
      let x = wx;
      if (g.city) x = Math.floor(wx * 14) / 14;
      const v =
        g.amps[0] * Math.sin(g.freqs[0] * x + g.phases[0]) +
        g.amps[1] * Math.sin(g.freqs[1] * x + g.phases[1]) +
        g.amps[2] * Math.sin(g.freqs[2] * x + g.phases[2]);
      ridgeHeights[i]![px] = g.base - (g.city ? Math.abs(v) * 2.2 : v);
    });
  }
  const sat = scene.saturation;
  for (let py = 0; py < h; py++) {
    const wy = scene.cy + (fy(py) - 0.5) * frameH;
    const t = Math.min(Math.max(wy + 0.5, 0), 1);
    const skyR = scene.top[0] + (scene.bottom[0] - scene.top[0]) * t;
    const skyG = scene.top[1] + (scene.bottom[1] - scene.top[1]) * t;
    const skyB = scene.top[2] + (scene.bottom[2] - scene.top[2]) * t;
    let o = (y0 + py) * stride + x0 * 3;
    const gy = scene.tile ? Math.min(py, h - 1 - py) : py;
    for (let px = 0; px < w; px++, o += 3) {
      const wx = scene.cx + (fx(px) - 0.5) * frameW;
      const gx = scene.tile ? Math.min(px, w - 1 - px) : px;
      let r = skyR;
      let g = skyG;
      let b = skyB;
      if (scene.stars) {
        const hsh =
          (Math.imul(Math.round(wx * 300), 73856093) ^
            Math.imul(Math.round(wy * 300), 19349663)) >>>
          0;
        if (hsh % 211 === 0 && wy < 0.1) r = g = b = 240;
      }
      if (scene.sun) {
        const dx = wx - scene.sun.x;
        const dy = wy - scene.sun.y;
        const d = Math.sqrt(dx * dx + dy * dy);
        const s = scene.sun;
        if (d < s.r) {
          r = s.color[0];
          g = s.color[1];
          b = s.color[2];
        } else if (d < s.r * 3) {
          const k = ((s.r * 3 - d) / (s.r * 2)) ** 2 * 0.5;
          r += (s.color[0] - r) * k;
          g += (s.color[1] - g) * k;
          b += (s.color[2] - b) * k;
        }
      }
      for (const blob of scene.blobs) {
        const dx = wx - blob.x;
        const dy = wy - blob.y;
        const d2 = dx * dx + dy * dy;
        if (d2 < blob.r * blob.r) {
          const k = 1 - d2 / (blob.r * blob.r);
          r += (blob.color[0] - r) * k;
          g += (blob.color[1] - g) * k;
          b += (blob.color[2] - b) * k;
        }
      }
      for (let i = 0; i < scene.ridges.length; i++) {
        if (wy > ridgeHeights[i]![px]!) {
          const c = scene.ridges[i]!.color;
          const shade = 1 - Math.min(wy - ridgeHeights[i]![px]!, 0.6) * 0.5;
          r = c[0] * shade;
          g = c[1] * shade;
          b = c[2] * shade;
          if (scene.ridges[i]!.city && ((gx * 7 + gy * 3) & 31) === 0) {
            r = 250;
            g = 220;
            b = 140;
          }
        }
      }
      if (scene.water && wy > scene.water.level) {
        const wave = Math.sin(wx * 60 + Math.sin(wy * 40) * 2) * 0.12;
        const c = scene.water.color;
        const k = 0.75;
        r = r * (1 - k) + c[0] * k * (1 + wave);
        g = g * (1 - k) + c[1] * k * (1 + wave);
        b = b * (1 - k) + c[2] * k * (1 + wave);
      }
      if (sat !== 1) {
        const grey = (r + g + b) / 3;
        r = grey + (r - grey) * sat;
        g = grey + (g - grey) * sat;
        b = grey + (b - grey) * sat;
      }
      if (scene.posterize) {
        r = Math.round(r / 48) * 48;
        g = Math.round(g / 48) * 48;
        b = Math.round(b / 48) * 48;
      }
      // A little grain so flat areas look painted, not filled.
      const n = ((gx * 1103515245 + gy * 12345) >>> 16) & 7;
      out[o] = clamp255(r + n - 3);
      out[o + 1] = clamp255(g + n - 3);
      out[o + 2] = clamp255(b + n - 3);
    }
  }
}

export interface RenderedImage {
  png: Buffer;
  width: number;
  height: number;
}

const encode = (raw: Buffer, width: number, height: number) =>
  sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();

/** The picture of a recipe: a 2×2 grid, or one picture after an upscale. */
export async function renderRecipe(recipe: DemoRecipe, long = 1024): Promise<RenderedImage> {
  const { scene, grid, long: size } = resolve(recipe, long);
  const { width, height } = sizeFor(aspectText(scene.aspect), size);
  const raw = Buffer.alloc(width * height * 3);
  if (!grid) {
    paint(scene, raw, width * 3, 0, 0, width, height);
  } else {
    const cw = Math.floor(width / 2);
    const ch = Math.floor(height / 2);
    for (let cell = 1; cell <= 4; cell++) {
      const s = jitter(scene, grid.seed + cell * 7919, grid.spread);
      paint(s, raw, width * 3, ((cell - 1) % 2) * cw, Math.floor((cell - 1) / 2) * ch, cw, ch);
    }
  }
  return { png: await encode(raw, width, height), width, height };
}

const aspectText = (a: number) => {
  // Keeps the ratio to two decimals as w:h integers for sizeFor.
  const w = Math.round(a * 100);
  return `${w}:100`;
};

/** Cuts a 2×2 grid into its four pictures (sliceImg, and the demo's upscales of a stored grid). */
export async function sliceGrid(png: Buffer): Promise<RenderedImage[]> {
  const meta = await sharp(png).metadata();
  const w = Math.floor((meta.width ?? 0) / 2);
  const h = Math.floor((meta.height ?? 0) / 2);
  if (w < 1 || h < 1) throw new Error('not a picture');
  return Promise.all(
    [0, 1, 2, 3].map(async (i) => ({
      png: await sharp(png)
        .extract({ left: (i % 2) * w, top: Math.floor(i / 2) * h, width: w, height: h })
        .png()
        .toBuffer(),
      width: w,
      height: h,
    })),
  );
}

/** The mean colour of a picture (a blend's palette, a describe's words). */
export async function meanColour(bytes: Buffer): Promise<RGB> {
  const { data } = await sharp(bytes)
    .resize(1, 1, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

/** Face swap for the demo: the centre of `source` in a soft circle over the upper middle of `target`. */
export async function pasteFace(source: Buffer, target: Buffer): Promise<RenderedImage> {
  const base = sharp(target).resize(768, 768, { fit: 'inside' }).removeAlpha();
  const meta = await base.clone().png().toBuffer({ resolveWithObject: true });
  const { width, height } = meta.info;
  const d = Math.max(16, Math.round(Math.min(width, height) / 3));
  const face = await sharp(source).resize(d, d, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const rgba = Buffer.alloc(d * d * 4);
  for (let y = 0; y < d; y++)
    for (let x = 0; x < d; x++) {
      const dx = x - d / 2;
      const dy = y - d / 2;
      const k = Math.min(1, Math.max(0, (d / 2 - Math.sqrt(dx * dx + dy * dy)) / (d * 0.08)));
      const i = y * d + x;
      rgba[i * 4] = face[i * 3]!;
      rgba[i * 4 + 1] = face[i * 3 + 1]!;
      rgba[i * 4 + 2] = face[i * 3 + 2]!;
      rgba[i * 4 + 3] = Math.round(k * 255);
    }
  const png = await sharp(meta.data)
    .composite([
      {
        input: rgba,
        raw: { width: d, height: d, channels: 4 },
        left: Math.round((width - d) / 2),
        top: Math.round(height * 0.18),
      },
    ])
    .png()
    .toBuffer();
  return { png, width, height };
}
