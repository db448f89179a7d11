/** One timed lyric line. */
export interface LrcLine {
  at: number;
  text: string;
}

/** `[mm:ss.xx]text` lines → timed lines, in time order (lines without a time are dropped). */
export function parseLrc(lrc: string): LrcLine[] {
  const out: LrcLine[] = [];
  for (const line of lrc.split(/\r?\n/)) {
    const m = /^\[(\d+):(\d+(?:\.\d+)?)\](.*)$/.exec(line.trim());
    if (m) out.push({ at: Number(m[1]) * 60 + Number(m[2]), text: m[3]!.trim() });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The line being sung at `time` seconds: the last one started; -1 before the first. */
export function currentLine(lines: LrcLine[], time: number): number {
  let at = -1;
  for (let i = 0; i < lines.length && lines[i]!.at <= time; i++) at = i;
  return at;
}

/** `m:ss`. */
export const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
