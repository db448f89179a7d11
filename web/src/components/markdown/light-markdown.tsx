import type { ReactNode } from 'react';

/**
 * A small renderer for the markdown the site's own texts use (the welcome notice: paragraphs,
 * a list, bold), so a first visit does not fetch the full renderer (react-markdown, remark,
 * about 58 KB) for them. It knows a strict subset and gives up (`null`) on anything else, so
 * the caller falls back to the full renderer: what it renders is what react-markdown renders
 * for the same text (`light-markdown.test.tsx` compares the two).
 *
 * The subset: paragraphs (lines joined as soft breaks), ATX headings (`# `…`###### `), lists
 * of `- `, `* ` or `1. ` items (one level, one marker, no blank line inside), `**bold**`,
 * `*emphasis*`, `` `code` `` and `[text](https://…)`. Raw HTML, entities, escapes, tables,
 * quotes, fences, indented or nested blocks, rules, bare links, `_`, `~` and `$` are not.
 */

type Inline = ReactNode;
type Block =
  | { kind: 'p'; text: string }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'ul' | 'ol'; start: number; marker: string; items: string[] };

/** Characters whose markdown meaning this renderer does not handle. */
const UNHANDLED = /[\\<>&|~$_@[\]\t]|``|!\[|https?:|www\./i;
const LINK = /\[([^[\]\n]+)\]\((https?:\/\/[A-Za-z0-9\-._~:/?#@!$&'*+,;=%]+)\)/g;
const HEADING = /^(#{1,6}) (\S.*)$/;
const BULLET = /^([-*]) (\S.*)$/;
const ORDERED = /^(\d{1,9})\. (\S.*)$/;
const PUNCT = /[\p{P}\p{S}]/u;
const SPACE = /\s/u;

/** What CommonMark allows of a `*` run at `at` (length `n`) in `text`: open, close. */
const flanking = (text: string, at: number, n: number) => {
  const before = text[at - 1] ?? ' ';
  const after = text[at + n] ?? ' ';
  const left =
    !SPACE.test(after) && (!PUNCT.test(after) || SPACE.test(before) || PUNCT.test(before));
  const right =
    !SPACE.test(before) && (!PUNCT.test(before) || SPACE.test(after) || PUNCT.test(after));
  return { left, right };
};

/**
 * Emphasis in a piece of text without code or links: `**x**` and `*x*`, not nested. Null when
 * a `*` is left that CommonMark could read otherwise.
 */
function emphasis(text: string, key: string): Inline[] | null {
  const out: Inline[] = [];
  let rest = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '*') {
      i += 1;
      continue;
    }
    const n = text.startsWith('**', i) ? 2 : 1;
    if (text[i + n] === '*') return null;
    const end = text.indexOf(n === 2 ? '**' : '*', i + n);
    if (end < 0) return null;
    const inner = text.slice(i + n, end);
    if (inner === '' || inner.includes('*')) return null;
    if (!flanking(text, i, n).left || !flanking(text, end, n).right) return null;
    if (i > rest) out.push(text.slice(rest, i));
    const Tag = n === 2 ? 'strong' : 'em';
    out.push(<Tag key={`${key}-${i}`}>{inner}</Tag>);
    i = end + n;
    rest = i;
  }
  if (rest < text.length) out.push(text.slice(rest));
  return out;
}

/** Code spans, then links (their text may hold emphasis), then emphasis. */
function inline(text: string, key: string): Inline[] | null {
  const out: Inline[] = [];
  const parts = text.split(/`([^`\n]+)`/);
  for (let p = 0; p < parts.length; p += 1) {
    const part = parts[p]!;
    if (p % 2 === 1) {
      if (/^\s|\s$/.test(part)) return null;
      out.push(<code key={`${key}-c${p}`}>{part}</code>);
      continue;
    }
    if (part.includes('`') || part.includes('![')) return null;
    let last = 0;
    for (const m of part.matchAll(LINK)) {
      const plain = part.slice(last, m.index);
      if (UNHANDLED.test(plain) || /\]\(|\[/.test(plain)) return null;
      const before = emphasis(plain, `${key}-${p}-${last}`);
      const label = UNHANDLED.test(m[1]!) ? null : emphasis(m[1]!, `${key}-${p}-l${m.index}`);
      if (!before || !label) return null;
      out.push(...before);
      out.push(
        <a key={`${key}-${p}-a${m.index}`} href={m[2]} target="_blank" rel="noopener noreferrer">
          {label}
        </a>,
      );
      last = m.index + m[0].length;
    }
    const tail = part.slice(last);
    if (UNHANDLED.test(tail)) return null;
    const rest = emphasis(tail, `${key}-${p}-${last}`);
    if (!rest) return null;
    out.push(...rest);
  }
  return out;
}

/** The blocks of the text, or null when a line is outside the subset. */
export function lightBlocks(text: string): Block[] | null {
  const blocks: Block[] = [];
  let gap = true;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line === '') {
      gap = true;
      continue;
    }
    // Indented, hard break, rule, setext underline, quote, fence: not ours.
    if (/^\s/.test(raw) || / {2,}$/.test(raw) || /^[-*=+\s]+$/.test(line)) return null;
    const last = blocks[blocks.length - 1];
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (heading) {
      if (/\s#+$/.test(line)) return null;
      blocks.push({ kind: 'h', level: heading[1]!.length, text: heading[2]! });
    } else if (bullet || ordered) {
      const kind = bullet ? 'ul' : 'ol';
      const item = (bullet ?? ordered)![2]!;
      if (last && (last.kind === 'ul' || last.kind === 'ol')) {
        // A blank line inside a list (loose) or another marker: react-markdown differs.
        if (gap || last.kind !== kind) return null;
        if (line[0] !== last.marker && bullet) return null;
        last.items.push(item);
      } else {
        // A list right under a paragraph line is read differently by CommonMark at times.
        if (!gap && last?.kind === 'p') return null;
        const start = ordered ? Number(ordered[1]) : 1;
        blocks.push({ kind, start, marker: line[0]!, items: [item] });
      }
    } else if (/^(#|[-*+](\s|$)|\d+[.)](\s|$))/.test(line)) {
      return null;
    } else if (!gap && last?.kind === 'p') {
      last.text += `\n${line}`;
    } else if (!gap && last && last.kind !== 'h') {
      return null; // a lazy continuation of a list item
    } else {
      blocks.push({ kind: 'p', text: line });
    }
    gap = false;
  }
  return blocks;
}

/**
 * The text rendered by the light renderer, or null when it needs the full one. The wrapper
 * carries the full renderer's `md` class, so both look the same.
 */
export function renderLight(text: string, className?: string): ReactNode | null {
  const blocks = lightBlocks(text);
  if (!blocks) return null;
  const rendered: ReactNode[] = [];
  for (const [b, block] of blocks.entries()) {
    if (block.kind === 'p' || block.kind === 'h') {
      const content = inline(block.text, `b${b}`);
      if (!content) return null;
      const Tag = block.kind === 'p' ? 'p' : (`h${block.level}` as 'h1');
      rendered.push(<Tag key={b}>{content}</Tag>);
      continue;
    }
    const items: ReactNode[] = [];
    for (const [i, item] of block.items.entries()) {
      const content = inline(item, `b${b}-${i}`);
      if (!content) return null;
      items.push(<li key={i}>{content}</li>);
    }
    rendered.push(
      block.kind === 'ul' ? (
        <ul key={b}>{items}</ul>
      ) : (
        <ol key={b} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ),
    );
  }
  return <div className={['md', className ?? ''].join(' ').trim()}>{rendered}</div>;
}
