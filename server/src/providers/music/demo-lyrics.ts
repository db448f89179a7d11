/**
 * The offline demo's lyricist: verses and a chorus made from the words of a theme, with
 * [Verse]/[Chorus] section marks, deterministic for the same theme and seed. Also reads
 * user lyrics into the lines a song sings and writes LRC timings.
 */

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small deterministic generator (mulberry32): the same seed gives the same numbers. */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length) % list.length]!;

const fillers = ['light', 'rain', 'road', 'night', 'heart', 'sky', 'river', 'fire', 'dream', 'sea'];
const verseShapes = [
  'Walking through the {a} tonight',
  'Every {a} remembers {b}',
  'I hear the {a} calling out my name',
  'Under the {a}, we were young',
  'Holding on to {a} and {b}',
  'The {a} is slowly turning gold',
  'Counting every {b} along the way',
  'We left the {a} behind us',
];
const chorusShapes = [
  'Oh {a}, stay with me',
  'Sing it loud, the {a} is free',
  'We are the {a}, we are the song',
  'Take me home where the {a} belongs',
  '{a}, {a}, carry me on',
];
const fill = (shape: string, a: string, b = '') => shape.replaceAll('{a}', a).replaceAll('{b}', b);

/** The words of a theme worth singing (latin words of 3+ letters, else fillers). */
function wordsOf(theme: string): string[] {
  const stop = new Set(['the', 'and', 'for', 'with', 'about', 'song', 'music', 'that', 'this']);
  const words = (theme.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !stop.has(w));
  return words.length ? words : fillers;
}

export interface DemoLyrics {
  title: string;
  text: string;
}

/** Lyrics with two sections from a theme; `salt` makes the second draft differ. */
export function demoLyrics(theme: string, salt = 0): DemoLyrics {
  const rnd = randomOf(hashString(`${theme}#${salt}`));
  const words = wordsOf(theme);
  const w = () => pick(rnd, words.length > 1 ? words : [...words, ...fillers]);
  const hook = pick(rnd, words);
  const verse = Array.from({ length: 4 }, () =>
    fill(pick(rnd, verseShapes), w(), pick(rnd, fillers)),
  );
  const chorus = Array.from({ length: 4 }, (_, i) =>
    fill(i === 3 ? chorusShapes[0]! : pick(rnd, chorusShapes), hook),
  );
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const title = cap(`${hook} ${pick(rnd, ['song', 'dreams', 'tonight', 'light', 'road'])}`);
  return {
    title,
    text: ['[Verse]', ...verse.map(cap), '', '[Chorus]', ...chorus.map(cap)].join('\n'),
  };
}

/** The lines a song sings: lyric lines without section marks and blanks, at most `max`. */
export function singableLines(lyrics: string, max = 16): string[] {
  return lyrics
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^\[.*\]$/.test(l) && !/^\(.*\)$/.test(l))
    .slice(0, max);
}

export interface TimedLine {
  /** Seconds from the song's start. */
  at: number;
  text: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `[mm:ss.xx]line` per line. */
export function toLrc(lines: TimedLine[]): string {
  return lines
    .map((l) => {
      const cs = Math.round(l.at * 100);
      return `[${two(Math.floor(cs / 6000))}:${two(Math.floor(cs / 100) % 60)}.${two(cs % 100)}]${l.text}`;
    })
    .join('\n');
}

/** Reads LRC text back into timed lines (lines without a time are skipped). */
export function parseLrc(lrc: string): TimedLine[] {
  const out: TimedLine[] = [];
  for (const line of lrc.split(/\r?\n/)) {
    const m = /^\[(\d+):(\d+(?:\.\d+)?)\](.*)$/.exec(line.trim());
    if (m) out.push({ at: Number(m[1]) * 60 + Number(m[2]), text: m[3]!.trim() });
  }
  return out;
}
