import type { ReactNode } from 'react';

/**
 * The site's texts (notices, answers, about, contact) are markdown written by the operator.
 * They are shown as React text, never as HTML: headings, paragraphs, lists, **bold**, `code`,
 * http(s) links and images; anything else stays plain text. Nothing here can run a script.
 */

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[] };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'image'; alt: string; src: string };

const bullet = /^\s*[-*+]\s+(.*)$/;
const numbered = /^\s*\d+[.)]\s+(.*)$/;
const heading = /^(#{1,6})\s+(.*)$/;

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const h = heading.exec(line);
    const b = bullet.exec(line);
    const n = b ? null : numbered.exec(line);
    if (!line.trim()) flush();
    else if (h) {
      flush();
      const level = Math.min(h[1]!.length, 3) as 1 | 2 | 3;
      blocks.push({ kind: 'heading', level, text: h[2]!.trim() });
    } else if (b || n) {
      const ordered = !!n;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((b ?? n)![1]!.trim());
    } else if (list && /^\s{2,}\S/.test(raw)) {
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last]} ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** A link the page may follow or show: http(s) or a path of this site, never `javascript:`. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^\/(?!\/)/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const inlinePattern =
  /!\[([^\]]*)\]\(([^)\s]+)\)|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|`([^`]+)`/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += value;
    else out.push({ kind: 'text', text: value });
  };
  for (const m of text.matchAll(inlinePattern)) {
    pushText(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[2] !== undefined) {
      const src = safeHref(m[2]);
      if (src) out.push({ kind: 'image', alt: m[1] ?? '', src });
      else pushText(m[1] ?? '');
    } else if (m[4] !== undefined) {
      const href = safeHref(m[4]);
      if (href) out.push({ kind: 'link', text: m[3]!, href });
      else pushText(m[3]!);
    } else if (m[5] !== undefined) out.push({ kind: 'strong', text: m[5] });
    else out.push({ kind: 'code', text: m[6]! });
  }
  pushText(text.slice(at));
  return out;
}

function renderInline(text: string): ReactNode[] {
  return parseInline(text).map((part, i) => {
    switch (part.kind) {
      case 'strong':
        return (
          <strong key={i} className="font-semibold text-white/90">
            {part.text}
          </strong>
        );
      case 'code':
        return (
          <code key={i} className="rounded bg-white/10 px-1 py-0.5 text-[0.9em]">
            {part.text}
          </code>
        );
      case 'link':
        return (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        );
      case 'image':
        return (
          <img
            key={i}
            src={part.src}
            alt={part.alt}
            loading="lazy"
            className="my-2 block h-auto max-w-full rounded-lg"
          />
        );
      default:
        return part.text;
    }
  });
}

const headingClass = {
  1: 'text-lg font-semibold',
  2: 'text-base font-semibold',
  3: 'text-sm font-semibold',
} as const;

/** Operator markdown as safe React text. */
export function PlainMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <div
      className={`flex flex-col gap-3 break-words leading-relaxed text-white/75 ${className ?? ''}`}
    >
      {parseBlocks(source).map((block, i) => {
        if (block.kind === 'heading') {
          const Tag = `h${block.level + 2}` as 'h3' | 'h4' | 'h5';
          return (
            <Tag key={i} className={`m-0 text-white/90 ${headingClass[block.level]}`}>
              {renderInline(block.text)}
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag
              key={i}
              className={`m-0 flex flex-col gap-1 pl-5 ${block.ordered ? 'list-decimal' : 'list-disc'}`}
            >
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </Tag>
          );
        }
        return (
          <p key={i} className="m-0">
            {block.lines.map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {renderInline(line)}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
