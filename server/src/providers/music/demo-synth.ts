import { hashString, randomOf, type TimedLine } from './demo-lyrics.js';

/**
 * The offline demo's band: a real song synthesised from the prompt and style tags — a chord
 * progression on a pad, a bass line, a drum pattern, and a sung-like voice line (a glottal
 * source through vowel formants, with vibrato) that sings one lyric line per bar. Everything
 * is a pure function of the recipe, so the same request gives the same samples.
 *
 * The voice and the band are rendered apart and quantised to 16-bit steps first, so the song
 * is their exact sample-wise sum (the separation demo returns these stems).
 */

export const DEMO_SAMPLE_RATE = 22_050;

export interface SynthRecipe {
  prompt: string;
  tags: string;
  /** The lines to sing, one per bar; empty or `instrumental`: no voice. */
  lines: string[];
  instrumental: boolean;
  /** Makes the second clip of a request differ. */
  variant: number;
}

export interface SynthSong {
  sampleRate: number;
  /** 16-bit sample values (−32768…32767) of each stem and of their sum. */
  vocals: Int16Array;
  instrumental: Int16Array;
  mix: Int16Array;
  bpm: number;
  key: string;
  /** When each sung line starts (seconds). */
  timings: TimedLine[];
  seconds: number;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const PROGRESSIONS = [
  [0, 4, 5, 3], // I V vi IV
  [5, 3, 0, 4], // vi IV I V
  [0, 5, 3, 4], // I vi IV V
  [0, 3, 4, 3], // I IV V IV
];
/** Vowel formants F1, F2 (Hz): a, e, i, o, u. */
const VOWELS: Record<string, [number, number]> = {
  a: [800, 1200],
  e: [500, 1900],
  i: [320, 2300],
  o: [500, 850],
  u: [350, 700],
};

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

interface Style {
  bpm: number;
  minor: boolean;
  drive: number;
  drums: boolean;
}

/** Tempo, mode and feel from the style tags and prompt words; the rest from the seed. */
function styleOf(text: string, rnd: () => number): Style {
  const t = text.toLowerCase();
  const has = (...w: string[]) => w.some((x) => t.includes(x));
  let bpm = 92 + Math.floor(rnd() * 30);
  if (has('ballad', 'slow', 'lofi', 'lo-fi', 'ambient', '抒情', '慢'))
    bpm = 70 + Math.floor(rnd() * 12);
  if (has('rock', 'punk', 'metal', '摇滚')) bpm = 128 + Math.floor(rnd() * 20);
  if (has('edm', 'dance', 'house', 'techno', 'disco', '电子', '舞曲'))
    bpm = 124 + Math.floor(rnd() * 6);
  return {
    bpm,
    minor: has('sad', 'dark', 'minor', 'melanchol', 'blues', '悲', '忧'),
    drive: has('rock', 'metal', 'punk', 'edm', '摇滚') ? 1 : 0,
    drums: !has('ambient', 'acapella', 'a cappella'),
  };
}

function biquadBandpass(freq: number, q: number, sr: number) {
  const w = (2 * Math.PI * freq) / sr;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  const b0 = alpha / a0;
  const a1 = (-2 * Math.cos(w)) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  return (x: number) => {
    const y = b0 * x - b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    return y;
  };
}

interface Grid {
  sr: number;
  beat: number;
  bar: number;
  scale: number[];
  root: number;
  progression: number[];
}

/** The triad (MIDI notes) of scale degree `deg` around `base`. */
function triad(g: Grid, deg: number, base: number): number[] {
  return [0, 2, 4].map((k) => {
    const d = deg + k;
    return base + g.root + g.scale[d % 7]! + 12 * Math.floor(d / 7);
  });
}

/** Pad chords, bass and drums into `out`, bar by bar. */
function renderBand(g: Grid, bars: number, style: Style, rnd: () => number, out: Float32Array) {
  const noise = randomOf(Math.floor(rnd() * 2 ** 31));
  for (let b = 0; b < bars; b++) {
    const deg = g.progression[b % g.progression.length]!;
    const start = Math.floor(b * g.bar * g.sr);
    const len = Math.floor(g.bar * g.sr);
    const chord = triad(g, deg, 48).map(midiHz);
    const bass = midiHz(36 + g.root + g.scale[deg % 7]!);
    for (let i = 0; i < len && start + i < out.length; i++) {
      const t = i / g.sr;
      const env = Math.min(1, t / 0.08) * (0.75 + 0.25 * Math.exp(-t * 1.5));
      let pad = 0;
      for (const f of chord) {
        const ph = 2 * Math.PI * f * t;
        pad += Math.sin(ph) + 0.3 * Math.sin(2 * ph) + 0.12 * style.drive * Math.sin(3 * ph);
      }
      const inBeat = t % g.beat;
      const bassEnv = Math.exp(-inBeat * 4);
      const bassNote = Math.sin(2 * Math.PI * bass * t) * bassEnv;
      out[start + i]! += 0.05 * env * pad + 0.22 * bassNote;
    }
    if (!style.drums) continue;
    for (let k = 0; k < 8; k++) {
      const at = start + Math.floor((k * g.beat * g.sr) / 2);
      const beat = k / 2;
      if (k % 4 === 0) drum(out, at, g.sr, 'kick', noise);
      if (k % 4 === 2) drum(out, at, g.sr, 'snare', noise);
      if (beat !== Math.floor(beat) || style.drive) drum(out, at, g.sr, 'hat', noise);
    }
  }
}

function drum(
  out: Float32Array,
  at: number,
  sr: number,
  kind: 'kick' | 'snare' | 'hat',
  noise: () => number,
) {
  const len = Math.floor(sr * (kind === 'kick' ? 0.25 : kind === 'snare' ? 0.18 : 0.05));
  let phase = 0;
  for (let i = 0; i < len && at + i < out.length; i++) {
    const t = i / sr;
    let s: number;
    if (kind === 'kick') {
      phase += (2 * Math.PI * (50 + 110 * Math.exp(-t * 30))) / sr;
      s = 0.5 * Math.sin(phase) * Math.exp(-t * 12);
    } else if (kind === 'snare') s = 0.22 * (noise() * 2 - 1) * Math.exp(-t * 22);
    else s = 0.07 * (noise() * 2 - 1) * Math.exp(-t * 80);
    out[at + i]! += s;
  }
}

/** The vowels of a lyric line, one per syllable-ish (at least 4). */
function vowelsOf(line: string): string[] {
  const v = (line.toLowerCase().match(/[aeiou]/g) ?? []).slice(0, 8);
  while (v.length < 4) v.push('a', 'o');
  return v.slice(0, Math.max(4, Math.min(8, v.length)));
}

/** One sung note: a glottal pulse train with vibrato through two vowel formants. */
function singNote(
  out: Float32Array,
  at: number,
  len: number,
  hz: number,
  vowel: string,
  sr: number,
  noise: () => number,
) {
  const [f1, f2] = VOWELS[vowel] ?? VOWELS.a!;
  const bp1 = biquadBandpass(f1, 6, sr);
  const bp2 = biquadBandpass(f2, 8, sr);
  let phase = 0;
  for (let i = 0; i < len && at + i < out.length; i++) {
    const t = i / sr;
    const vib = 1 + 0.012 * Math.sin(2 * Math.PI * 5.5 * t) * Math.min(1, t / 0.15);
    phase = (phase + (hz * vib) / sr) % 1;
    const src = 2 * phase - 1 + 0.15 * (noise() * 2 - 1) * Math.exp(-t * 60);
    const env = Math.min(1, t / 0.03) * Math.min(1, (len - i) / (0.06 * sr));
    out[at + i]! += env * (bp1(src) + 0.6 * bp2(src));
  }
}

/** The voice: one line per bar from `firstBar`, notes on the chord and scale. */
function renderVoice(
  g: Grid,
  lines: string[],
  firstBar: number,
  rnd: () => number,
  out: Float32Array,
): TimedLine[] {
  const noise = randomOf(Math.floor(rnd() * 2 ** 31));
  const timings: TimedLine[] = [];
  lines.forEach((line, n) => {
    const bar = firstBar + n;
    const deg = g.progression[bar % g.progression.length]!;
    const chordTones = triad(g, deg, 60);
    const vowels = vowelsOf(line);
    const start = bar * g.bar;
    timings.push({ at: Math.round(start * 100) / 100, text: line });
    const step = (g.bar * 0.9) / vowels.length;
    let prev = chordTones[0]!;
    vowels.forEach((v, k) => {
      const onChord = k === 0 || k === vowels.length - 1 || rnd() < 0.5;
      const note = onChord
        ? chordTones[Math.floor(rnd() * 3)]!
        : 60 + g.root + g.scale[Math.floor(rnd() * 7)]!;
      const m = Math.abs(note - prev) > 7 ? note - 12 * Math.sign(note - prev) : note;
      prev = m;
      const len = k === vowels.length - 1 ? step * 1.6 : step * 0.95;
      singNote(
        out,
        Math.floor((start + k * step) * g.sr),
        Math.floor(len * g.sr),
        midiHz(m),
        v,
        g.sr,
        noise,
      );
    });
  });
  return timings;
}

/** Scales to `peak` and rounds to 16-bit steps. */
function quantise(x: Float32Array, peak: number): Int16Array {
  let max = 0;
  for (const v of x) max = Math.max(max, Math.abs(v));
  const k = max > 0 ? (peak * 32767) / max : 0;
  const out = new Int16Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = Math.round(x[i]! * k);
  return out;
}

/** Renders a whole demo song (about 20–45 seconds) from its recipe. */
export function synthesise(r: SynthRecipe): SynthSong {
  const seed = hashString(`${r.prompt}|${r.tags}|${r.lines.join('/')}|${r.variant}`);
  const rnd = randomOf(seed);
  const style = styleOf(`${r.tags} ${r.prompt}`, rnd);
  const sr = DEMO_SAMPLE_RATE;
  const beat = 60 / style.bpm;
  const g: Grid = {
    sr,
    beat,
    bar: beat * 4,
    scale: style.minor ? MINOR : MAJOR,
    root: Math.floor(rnd() * 12),
    progression: PROGRESSIONS[Math.floor(rnd() * PROGRESSIONS.length)]!,
  };
  const sung = r.instrumental ? [] : r.lines;
  const intro = 2;
  const bars = Math.max(10, intro + Math.max(sung.length, 8) + 2);
  const frames = Math.floor(bars * g.bar * sr) + Math.floor(sr * 0.5);
  const band = new Float32Array(frames);
  const voice = new Float32Array(frames);
  renderBand(g, bars, style, rnd, band);
  const timings = renderVoice(g, sung, intro, rnd, voice);
  // Fade the last half second of the band so the song ends, not stops.
  for (let i = 0; i < sr; i++) band[frames - 1 - i]! *= i / sr;
  const vocals = quantise(voice, sung.length ? 0.42 : 0);
  const instrumental = quantise(band, 0.45);
  const mix = new Int16Array(frames);
  for (let i = 0; i < frames; i++) mix[i] = vocals[i]! + instrumental[i]!;
  return {
    sampleRate: sr,
    vocals,
    instrumental,
    mix,
    bpm: style.bpm,
    key: `${NOTE_NAMES[g.root]} ${style.minor ? 'minor' : 'major'}`,
    timings,
    seconds: frames / sr,
  };
}

/** 16-bit values → the float samples `encodeWav` writes back to exactly those values. */
export function toFloat(values: Int16Array): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = v < 0 ? v / 0x8000 : v / 0x7fff;
  }
  return out;
}
