import type * as Fflate from 'fflate';

/**
 * The text of a file attached to a chat (docs/chat.md, "Files in the conversation"), read with
 * maintained libraries: unpdf (PDF.js) for PDF, mammoth for DOCX, read-excel-file for XLSX, the
 * slides' XML for PPTX, and the bytes themselves for text, Markdown, CSV and source files.
 * Each is loaded when first needed, so a server that never reads a PDF never loads PDF.js.
 */

export type FileFormat = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'csv' | 'text';

/** One part of a file's text: a PDF's page, a sheet, a slide, or the whole file (page 1). */
export interface TextPart {
  /** 1-based page, sheet or slide number. */
  page: number;
  /** A sheet's name, when the part is one. */
  label?: string;
  text: string;
}

export interface Extracted {
  format: FileFormat;
  /** Pages (PDF), sheets (XLSX), slides (PPTX); 1 for the others. */
  pages: number;
  parts: TextPart[];
}

/** A file we cannot read as any format we take (400 naming `file`). */
export class UnreadableFileError extends Error {
  override readonly name = 'UnreadableFileError';
}

/** Extensions read as plain text: prose, data and source files. */
const TEXT_EXTENSIONS = new Set(
  (
    'txt md markdown rst log json jsonl yaml yml toml ini cfg conf xml html htm css scss less ' +
    'js mjs cjs jsx ts tsx py rb go rs java kt kts swift c h cc cpp hpp cs php pl sh bash zsh ' +
    'ps1 sql r m scala lua dart vue svelte tex bib env gitignore dockerfile makefile gradle proto'
  ).split(' '),
);

const extensionOf = (name: string) => {
  const base = name.toLowerCase().split(/[\\/]/).pop() ?? '';
  return base.includes('.') ? (base.split('.').pop() ?? '') : base;
};

/** The format a file is read as: its bytes first (PDF, zip), then its name. Null: not taken. */
export function formatOf(name: string, bytes: Buffer): FileFormat | null {
  const ext = extensionOf(name);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const zip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (zip) {
    if (ext === 'docx' || ext === 'xlsx' || ext === 'pptx') return ext;
    return null;
  }
  if (ext === 'csv' || ext === 'tsv') return 'csv';
  if (TEXT_EXTENSIONS.has(ext) || isText(bytes)) return 'text';
  return null;
}

/** Text when its first 8 KB decode as UTF-8 with no NUL byte. */
function isText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length < bytes.length ? cut(head) : head);
    return true;
  } catch {
    return false;
  }
}

/** A head cut at a character boundary (a UTF-8 sequence split at 8 KB is not an error). */
function cut(head: Buffer): Buffer {
  const end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0xc0) return head.subarray(0, end - i);
    if ((b & 0x80) === 0) break;
  }
  return head;
}

const clean = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Reads a file's text by its format; throws UnreadableFileError when the bytes do not open. */
export async function extractText(format: FileFormat, bytes: Buffer): Promise<Extracted> {
  try {
    switch (format) {
      case 'pdf':
        return await readPdf(bytes);
      case 'docx': {
        const mammoth = await import('mammoth');
        const { value } = await mammoth.extractRawText({ buffer: bytes });
        return { format, pages: 1, parts: [{ page: 1, text: clean(value) }] };
      }
      case 'xlsx':
        return await readXlsx(bytes);
      case 'pptx':
        return readPptx(bytes, await import('fflate'));
      case 'csv':
      case 'text': {
        const text = clean(bytes.toString('utf8').replace(/^\uFEFF/, ''));
        return { format, pages: 1, parts: [{ page: 1, text }] };
      }
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(error instanceof Error ? error.message : String(error));
  }
}

async function readPdf(bytes: Buffer): Promise<Extracted> {
  const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
  // PDF.js takes the buffer over: it gets a copy.
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { totalPages, text } = await pdfText(doc, { mergePages: false });
    return {
      format: 'pdf',
      pages: totalPages,
      parts: text.map((t, i) => ({ page: i + 1, text: clean(t) })),
    };
  } finally {
    await doc.destroy();
  }
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

async function readXlsx(bytes: Buffer): Promise<Extracted> {
  const { default: readXlsxFile } = await import('read-excel-file/node');
  const sheets = await readXlsxFile(bytes);
  return {
    format: 'xlsx',
    pages: sheets.length,
    parts: sheets.map((s, i) => ({
      page: i + 1,
      label: s.sheet,
      text: s.data
        .map((row) => row.map(csvCell).join(','))
        .join('\n')
        .replace(/,+$/gm, '')
        .trim(),
    })),
  };
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (XML_ENTITIES[e.toLowerCase()] ?? ''),
  );

/** The most a PPTX may unpack to: a zip bomb stops here. */
const MAX_UNPACKED = 200 * 1024 * 1024;

/** PPTX: each slide's runs of text (`<a:t>`), a paragraph (`</a:p>`) a line (ECMA-376 DrawingML). */
function readPptx(bytes: Buffer, { unzipSync, strFromU8 }: typeof Fflate): Extracted {
  let unpacked = 0;
  const files = unzipSync(new Uint8Array(bytes), {
    filter: (f) => {
      const slide = /^ppt\/slides\/slide\d+\.xml$/.test(f.name);
      if (slide) unpacked += f.originalSize;
      if (unpacked > MAX_UNPACKED) throw new UnreadableFileError('the slides unpack too large');
      return slide;
    },
  });
  const slides = Object.keys(files)
    .map((name) => ({ name, n: Number(/slide(\d+)\.xml$/.exec(name)![1]) }))
    .sort((a, b) => a.n - b.n);
  if (slides.length === 0) throw new UnreadableFileError('no slides');
  return {
    format: 'pptx',
    pages: slides.length,
    parts: slides.map((s, i) => {
      const xml = strFromU8(files[s.name]!);
      const text = xml
        .split(/<\/a:p>/)
        .map((p) =>
          [...p.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)]
            .map((m) => unescapeXml(m[1]!))
            .join(''),
        )
        .filter((line) => line.trim() !== '')
        .join('\n');
      return { page: i + 1, text: clean(text) };
    }),
  };
}
