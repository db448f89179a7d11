import type { chat as C } from '@atelier/contracts';
import { countTokens } from '../../providers/chat/index.js';
import type { TextPart } from './extract.js';

/**
 * How attached files go into the context (docs/chat.md, "Files in the conversation"): every
 * file whole when all of them fit the budget; otherwise the pieces most related to the
 * question, each named by its file and page, until the budget is spent.
 */

/** A file as the context builder sees it: its text in parts. */
export interface ContextFile {
  id: number;
  name: string;
  size: number;
  format: C.UsedFile['format'];
  pages: number;
  parts: TextPart[];
}

export interface FileContext {
  /** The message put before the question ('' when no file was sent). */
  text: string;
  used: C.UsedFile[];
}

/** The ids of the files a saved question was sent with (its `files` JSON). */
export function fileIdsOf(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    if (!Array.isArray(v)) return [];
    return v.flatMap((f: unknown) =>
      f && typeof f === 'object' && typeof (f as { id?: unknown }).id === 'number'
        ? [(f as { id: number }).id]
        : [],
    );
  } catch {
    return [];
  }
}

/** The words of the files' instructions the demo provider and tests look for. */
export const FILES_MARKER = '[atelier:files]';

/** A piece is at most this many tokens (a page is cut into several when longer). */
const PIECE_TOKENS = 600;

const escapeAttr = (s: string) => s.replace(/[<>"&]/g, (c) => `&#${c.charCodeAt(0)};`);

const where = (f: ContextFile, p: TextPart) =>
  f.format === 'xlsx'
    ? `sheet ${p.page}${p.label ? ` "${p.label}"` : ''}`
    : f.format === 'pptx'
      ? `slide ${p.page}`
      : `page ${p.page}`;

const head = (f: ContextFile, used: string) =>
  `<file name="${escapeAttr(f.name)}" pages="${f.pages}" used="${used}">`;

const noText = (f: ContextFile) =>
  `${head(f, 'none')}\n(No text could be read from this file: it may be a scanned document or ` +
  `pictures only. Tell the user so if they ask about it.)\n</file>`;

/** The words of a text the relevance score compares: lower-case words and CJK pairs. */
function termsOf(text: string): string[] {
  const lower = text.toLowerCase();
  const words = lower.match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  const terms: string[] = [];
  for (const w of words) {
    if (/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u.test(w)) {
      const chars = [...w];
      for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
    } else terms.push(w);
  }
  return terms;
}

interface Piece {
  file: ContextFile;
  fileIndex: number;
  part: TextPart;
  order: number;
  text: string;
  tokens: number;
  score: number;
}

/** A part's text in pieces of at most PIECE_TOKENS, cut at line ends where it can. */
function piecesOf(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let tokens = 0;
  for (const line of text.split('\n')) {
    const t = countTokens(line) + 1;
    if (tokens + t > PIECE_TOKENS && current) {
      out.push(current);
      current = '';
      tokens = 0;
    }
    if (t > PIECE_TOKENS) {
      // One very long line: cut it by characters.
      const size = PIECE_TOKENS * 3;
      for (let i = 0; i < line.length; i += size) out.push(line.slice(i, i + size));
      continue;
    }
    current = current ? `${current}\n${line}` : line;
    tokens += t;
  }
  if (current.trim()) out.push(current);
  return out;
}

/**
 * The files' message within `budget` tokens. Whole files when every one fits; else the pieces
 * whose words the question shares most (rarer words weigh more), in file and page order.
 */
export function buildFileContext(
  files: ContextFile[],
  question: string,
  budget: number,
): FileContext {
  if (files.length === 0) return { text: '', used: [] };
  const intro =
    `${FILES_MARKER} The user attached ${files.length === 1 ? 'a file' : `${files.length} files`}. ` +
    'Use them to answer; when you quote one, name the file and the page.';
  const withText = files.filter((f) => f.parts.some((p) => p.text.trim() !== ''));
  const wholeOf = (f: ContextFile) =>
    `${head(f, 'whole')}\n${f.parts
      .filter((p) => p.text.trim())
      .map((p) => (f.pages > 1 ? `[${where(f, p)}]\n${p.text}` : p.text))
      .join('\n\n')}\n</file>`;
  const noneUsed = (f: ContextFile): C.UsedFile => ({
    id: f.id,
    name: f.name,
    size: f.size,
    format: f.format,
    pages: f.pages,
    tokens: 0,
    used: 'none',
    usedPages: [],
  });
  const blocks = files.map((f) => (withText.includes(f) ? wholeOf(f) : noText(f)));
  const whole = [intro, ...blocks].join('\n\n');
  if (countTokens(whole) <= budget)
    return {
      text: whole,
      used: files.map((f, i) =>
        withText.includes(f)
          ? { ...noneUsed(f), used: 'whole', tokens: countTokens(blocks[i]!) }
          : noneUsed(f),
      ),
    };

  // The most related pieces, until the budget is spent.
  const pieces: Piece[] = [];
  files.forEach((file, fileIndex) =>
    file.parts.forEach((part) =>
      piecesOf(part.text).forEach((text) =>
        pieces.push({
          file,
          fileIndex,
          part,
          order: pieces.length,
          text,
          tokens: countTokens(text) + 12,
          score: 0,
        }),
      ),
    ),
  );
  const asked = new Set(termsOf(question));
  const seenIn = new Map<string, number>();
  const termSets = pieces.map((p) => new Set(termsOf(p.text)));
  for (const set of termSets)
    for (const term of set) if (asked.has(term)) seenIn.set(term, (seenIn.get(term) ?? 0) + 1);
  pieces.forEach((p, i) => {
    let score = 0;
    for (const term of termSets[i]!)
      if (asked.has(term)) score += Math.log(1 + pieces.length / seenIn.get(term)!);
    // Ties go to the earlier piece (a document's start usually says what it is).
    p.score = score - p.order * 1e-9;
  });
  let left =
    budget -
    countTokens(intro) -
    files.filter((f) => !withText.includes(f)).reduce((n, f) => n + countTokens(noText(f)), 0) -
    withText.length * 20;
  const picked: Piece[] = [];
  for (const p of [...pieces].sort((a, b) => b.score - a.score)) {
    if (p.tokens > left) continue;
    picked.push(p);
    left -= p.tokens;
  }
  picked.sort((a, b) => a.order - b.order);
  const used = new Map<number, C.UsedFile>();
  const byFile = new Map<number, Piece[]>();
  for (const p of picked) byFile.set(p.fileIndex, [...(byFile.get(p.fileIndex) ?? []), p]);
  const out: string[] = [intro];
  files.forEach((f, i) => {
    if (!withText.includes(f)) {
      out.push(noText(f));
      used.set(i, noneUsed(f));
      return;
    }
    const mine = byFile.get(i) ?? [];
    const block = `${head(f, 'parts')}\n${mine
      .map((p) => `[${where(f, p.part)}]\n${p.text}`)
      .join('\n\n')}\n</file>`;
    out.push(block);
    used.set(i, {
      ...noneUsed(f),
      used: mine.length ? 'parts' : 'none',
      tokens: mine.length ? countTokens(block) : 0,
      usedPages: [...new Set(mine.map((p) => p.part.page))],
    });
  });
  return { text: out.join('\n\n'), used: files.map((_, i) => used.get(i)!) };
}
