/**
 * Text preparation before markdown parsing, kept free of the markdown libraries so it is cheap
 * and unit-testable: math delimiters models like to use are turned into the ones remark-math
 * reads, and the text is cut into top-level blocks so a streaming answer re-parses only its
 * last block.
 */

const FENCE = /^(`{3,}|~{3,})/;

/** The fence a line opens or closes, or null: a run of ``` or ~~~ after indentation. */
const fenceOf = (line: string): string | null => FENCE.exec(line.trimStart())?.[1] ?? null;

/** Whether `line` closes the fence opened by `open` (same character, at least as long, nothing after). */
const closesFence = (line: string, open: string): boolean => {
  const run = fenceOf(line);
  return (
    run !== null &&
    run[0] === open[0] &&
    run.length >= open.length &&
    line.trim().length === run.length
  );
};

/**
 * Rewrites `\[…\]` as a `$$` block, `\(…\)` as `$…$` and a one-line `$$…$$` as a `$$` block,
 * and escapes a `$` that cannot open or close a formula (prices), outside code (fenced blocks
 * and inline code spans are left exactly as written).
 */
export function normalizeMath(text: string): string {
  if (!text.includes('\\') && !text.includes('$')) return text;
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (prose.length) out.push(normalizeProse(prose.join('\n')));
    prose = [];
  };
  for (const line of text.split('\n')) {
    if (fence) {
      out.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    const open = fenceOf(line);
    if (open) {
      flush();
      fence = open;
      out.push(line);
      continue;
    }
    const display = line.includes('`') ? null : ONE_LINE_DISPLAY.exec(line);
    if (display) {
      const indent = display[1] ?? '';
      prose.push(`${indent}$$`, `${indent}${(display[2] ?? '').trim()}`, `${indent}$$`);
    } else prose.push(line);
  }
  flush();
  return out.join('\n');
}

/** A line holding only `$$…$$`: remark-math reads it as inline math, the writer meant a display. */
const ONE_LINE_DISPLAY = /^([ \t]*)\$\$(?!\$)(.+?)\$\$[ \t]*$/;
const DISPLAY = /\\\[([\s\S]+?)\\\]/g;
const INLINE = /\\\(([\s\S]+?)\\\)/g;

/** Prose without fences: math rewritten in the parts between inline code spans. */
function normalizeProse(text: string): string {
  let result = '';
  let rest = text;
  for (;;) {
    const tick = /`+/.exec(rest);
    if (!tick) break;
    const close = rest.indexOf(tick[0], tick.index + tick[0].length);
    if (close < 0) break;
    const end = close + tick[0].length;
    result += rewriteMath(rest.slice(0, tick.index)) + rest.slice(tick.index, end);
    rest = rest.slice(end);
  }
  return result + rewriteMath(rest);
}

const rewriteMath = (text: string): string =>
  escapeLoneDollars(
    text
      .replace(DISPLAY, (_, body: string) => `\n$$\n${body.trim()}\n$$\n`)
      .replace(INLINE, (_, body: string) => `$${body.trim()}$`),
  );

const SPACE = /\s/;
const DIGIT = /\d/;

/**
 * Where the `$` opening at `open` closes, by Pandoc's rule: the opener is followed by a
 * non-space, the closer is the next single `$`, preceded by a non-space and not followed by a
 * digit, within the paragraph. -1 when it does not close.
 */
function closingDollar(text: string, open: number): number {
  if (SPACE.test(text[open + 1] ?? ' ')) return -1;
  for (let j = open + 1; j < text.length; j += 1) {
    const c = text[j];
    if (c === '\\') j += 1;
    else if (c === '\n' && text[j + 1] === '\n') return -1;
    else if (c === '$') {
      const valid =
        text[j + 1] !== '$' && !SPACE.test(text[j - 1] ?? ' ') && !DIGIT.test(text[j + 1] ?? '');
      return valid ? j : -1;
    }
  }
  return -1;
}

/**
 * remark-math reads any `$…$` pair as a formula, so "from $5 to $10" would typeset
 * "5 to ". A single `$` that does not open a formula by Pandoc's rule is escaped; `$$` runs
 * and escaped dollars stay as they are.
 */
function escapeLoneDollars(text: string): string {
  if (!text.includes('$')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (c !== '$') {
      out += c;
      i += 1;
    } else if (text[i + 1] === '$') {
      let end = i;
      while (text[end] === '$') end += 1;
      out += text.slice(i, end);
      i = end;
    } else {
      const close = closingDollar(text, i);
      out += close < 0 ? '\\$' : text.slice(i, close + 1);
      i = close < 0 ? i + 1 : close + 1;
    }
  }
  return out;
}

/** Link reference definitions and footnotes: blocks refer to each other, so no cutting. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * Cuts markdown into top-level blocks at blank lines followed by an unindented line, never
 * inside a fenced code block or a `$$` math block (an unclosed fence runs to the end, as
 * CommonMark renders it). The blocks, each parsed alone, render like the whole text; a text
 * with reference definitions or footnotes stays one block. Earlier blocks of a growing text
 * keep the same strings, so their rendering can be memoised.
 */
export function splitBlocks(text: string): string[] {
  if (DEFINITION.test(text)) return text.trim() ? [text.replace(/\s+$/, '')] : [];
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let inMath = false;
  let afterBlank = false;
  const flush = () => {
    while (current.length && current[current.length - 1]!.trim() === '') current.pop();
    if (current.length) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of text.split('\n')) {
    if (fence) {
      current.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (inMath) {
      current.push(line);
      if (line.trimEnd().endsWith('$$')) inMath = false;
      continue;
    }
    const blank = line.trim() === '';
    if (afterBlank && !blank && !/^[ \t]/.test(line)) flush();
    if (blank && current.length === 0) continue;
    current.push(line);
    afterBlank = blank;
    const open = fenceOf(line);
    if (open) fence = open;
    else if (/^\s*\$\$/.test(line) && !/^\s*\$\$.*\$\$\s*$/.test(line)) inMath = true;
  }
  flush();
  return blocks;
}
