import { describe, expect, it } from 'vitest';
import { samplePdf, sampleDocx, samplePptx, sampleXlsx } from './chat-files.setup.js';
import { extractText, formatOf, UnreadableFileError } from './extract.js';
import { buildFileContext, type ContextFile } from './file-context.js';

/* Reading the text of each format we take, from real files made by hand, and the budget. */

describe('extracting the text of attached files', () => {
  it('reads each page of a PDF, and finds no text on a scanned page', async () => {
    const pdf = samplePdf([['The secret word is PELICAN.', 'Second line (one).'], null]);
    expect(formatOf('report.pdf', pdf)).toBe('pdf');
    const got = await extractText('pdf', pdf);
    expect(got.pages).toBe(2);
    expect(got.parts[0]!.text).toContain('The secret word is PELICAN.');
    expect(got.parts[0]!.text).toContain('Second line (one).');
    expect(got.parts[1]!.text).toBe('');
  });

  it('reads a DOCX, an XLSX (every sheet) and a PPTX (every slide)', async () => {
    const docx = sampleDocx(['Quarterly notes', 'Revenue rose by 12 % & costs fell.']);
    expect(formatOf('notes.docx', docx)).toBe('docx');
    expect((await extractText('docx', docx)).parts[0]!.text).toBe(
      'Quarterly notes\n\nRevenue rose by 12 % & costs fell.',
    );

    const xlsx = sampleXlsx([
      {
        name: 'Cities',
        rows: [
          ['city', 'population'],
          ['Oslo', 709000],
          ['Bergen, NO', 291000],
        ],
      },
      { name: 'Notes', rows: [['checked']] },
    ]);
    expect(formatOf('cities.xlsx', xlsx)).toBe('xlsx');
    const sheets = await extractText('xlsx', xlsx);
    expect(sheets.pages).toBe(2);
    expect(sheets.parts[0]).toEqual({
      page: 1,
      label: 'Cities',
      text: 'city,population\nOslo,709000\n"Bergen, NO",291000',
    });
    expect(sheets.parts[1]!.text).toBe('checked');

    const pptx = samplePptx([['Title slide', 'by Ada'], ['Results &lt; plan']]);
    expect(formatOf('deck.pptx', pptx)).toBe('pptx');
    const deck = await extractText('pptx', pptx);
    expect(deck.pages).toBe(2);
    expect(deck.parts.map((p) => p.text)).toEqual(['Title slide\nby Ada', 'Results &lt; plan']);
  });

  it('reads CSV, Markdown and source files as text, and refuses what it cannot read', async () => {
    const csv = Buffer.from('\uFEFFcity,population\r\nOslo,709000\r\n');
    expect(formatOf('data.csv', csv)).toBe('csv');
    expect((await extractText('csv', csv)).parts[0]!.text).toBe('city,population\nOslo,709000');
    expect(formatOf('main.rs', Buffer.from('fn main() {}'))).toBe('text');
    expect(formatOf('README', Buffer.from('# Hello\n中文'))).toBe('text');
    // A picture, a zip that is no office file, a binary: not taken.
    expect(formatOf('a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toBeNull();
    expect(formatOf('a.zip', sampleDocx(['x']))).toBeNull();
    expect(formatOf('a.bin', Buffer.from([1, 2, 0, 3]))).toBeNull();
    await expect(extractText('docx', Buffer.from('PK\u0003\u0004broken'))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
    await expect(extractText('pdf', Buffer.from('%PDF-1.4 nothing'))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
  });
});

describe('putting files into the token budget', () => {
  const file = (id: number, name: string, pages: string[]): ContextFile => ({
    id,
    name,
    size: 100,
    format: 'pdf',
    pages: pages.length,
    parts: pages.map((text, i) => ({ page: i + 1, text })),
  });

  it('sends every file whole when they fit', () => {
    const got = buildFileContext(
      [file(1, 'a.pdf', ['alpha text', 'beta text']), file(2, 'scan.pdf', [''])],
      'what is alpha?',
      1000,
    );
    expect(got.text).toContain('<file name="a.pdf" pages="2" used="whole">');
    expect(got.text).toContain('[page 2]\nbeta text');
    expect(got.text).toContain('No text could be read from this file');
    expect(got.used.map((u) => u.used)).toEqual(['whole', 'none']);
    expect(got.used[0]!.tokens).toBeGreaterThan(0);
  });

  it('sends the pages most related to the question, named, when the files do not fit', () => {
    const filler = (word: string) => Array.from({ length: 300 }, () => word).join(' ');
    const pages = [
      filler('weather'),
      filler('harbour'),
      `The lighthouse keeper is Ingrid. ${filler('sea')}`,
    ];
    const got = buildFileContext([file(7, 'log.pdf', pages)], 'Who is the lighthouse keeper?', 400);
    expect(got.used[0]).toMatchObject({ used: 'parts', usedPages: [3] });
    expect(got.text).toContain('<file name="log.pdf" pages="3" used="parts">\n[page 3]');
    expect(got.text).toContain('Ingrid');
    expect(got.text).not.toContain('harbour');
  });
});
