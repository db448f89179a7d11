import { strToU8, zipSync } from 'fflate';
import type { chat } from '@atelier/contracts';
import { bearer } from '../../test/harness.js';
import { t } from './chat.setup.js';

/*
 * Real sample files made by hand for the extraction tests: a PDF, a DOCX, an XLSX, a PPTX; and
 * attaching one through the route, as a user.
 */

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A PDF (ISO 32000-1) with one page per entry: each page's lines as text in Helvetica, or, for
 * null, a page that only draws a rectangle (what a scanned page looks like to a text reader).
 */
export function samplePdf(pages: Array<string[] | null>): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; then a page and its contents per page.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  let next = 4;
  for (const lines of pages) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    // PDF.js reads only what is on the page: long lines are wrapped, the page as tall as needed.
    const wrapped = (lines ?? []).flatMap((l) => l.match(/.{1,60}(?:\s|$)|\S{61,}/g) ?? ['']);
    const height = 40 + 14 * wrapped.length;
    const ops =
      lines === null
        ? '0.5 g 20 20 200 100 re f'
        : `BT /F1 12 Tf 14 TL 20 ${height - 24} Td ${wrapped.map((l) => `(${escapePdf(l.trimEnd())}) Tj T*`).join(' ')} ET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 ${Math.max(144, height)}] /Contents ${contentId} 0 R ` +
      '/Resources << /Font << /F1 3 0 R >> >> >>';
    objects[contentId] =
      `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const esc = (s: string) =>
  s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
const rel = (type: string, target: string, id = 'rId1') =>
  `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
const rels = (...items: string[]) =>
  `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;

/** A DOCX (ECMA-376 WordprocessingML) with one paragraph per entry. */
export function sampleDocx(paragraphs: string[]): Buffer {
  return zip({
    '[Content_Types].xml':
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': rels(rel('officeDocument', 'word/document.xml')),
    'word/document.xml':
      `${xmlHead}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
      paragraphs.map((p) => `<w:p><w:r><w:t>${esc(p)}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>',
  });
}

/** An XLSX (SpreadsheetML) with one sheet per entry, cells as inline strings or numbers. */
export function sampleXlsx(
  sheets: Array<{ name: string; rows: Array<Array<string | number>> }>,
): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const files: Record<string, string> = {
    '[Content_Types].xml':
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '</Types>',
    '_rels/.rels': rels(rel('officeDocument', 'xl/workbook.xml')),
    'xl/workbook.xml':
      `${xmlHead}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>` +
      sheets
        .map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels': rels(
      ...sheets.map((_, i) => rel('worksheet', `worksheets/sheet${i + 1}.xml`, `rId${i + 1}`)),
    ),
  };
  sheets.forEach((s, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] =
      `${xmlHead}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
      s.rows
        .map(
          (row, r) =>
            `<row r="${r + 1}">` +
            row
              .map((v, c) =>
                typeof v === 'number'
                  ? `<c r="${col(c)}${r + 1}"><v>${v}</v></c>`
                  : `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
              )
              .join('') +
            '</row>',
        )
        .join('') +
      '</sheetData></worksheet>';
  });
  return zip(files);
}

/** A PPTX (PresentationML) whose slides hold these paragraphs. */
export function samplePptx(slides: string[][]): Buffer {
  const files: Record<string, string> = {
    '[Content_Types].xml':
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': rels(rel('officeDocument', 'ppt/presentation.xml')),
    'ppt/presentation.xml': `${xmlHead}<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
  };
  slides.forEach((paras, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] =
      `${xmlHead}<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>` +
      paras.map((p) => `<a:p><a:r><a:t>${esc(p)}</a:t></a:r></a:p>`).join('') +
      '</p:txBody></p:sp></p:spTree></p:cSld></p:sld>';
  });
  return zip(files);
}

/** A multipart/form-data body with one file in the field `file`. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Attaches a file as `who` and answers the call's status and envelope. */
export async function attach(
  token: string,
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
) {
  const form = multipart(bytes, name, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/files',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token), 'x-lang': 'en-US' },
  });
  return { status: res.statusCode, body: res.json<{ data: chat.ChatFile; errors?: unknown }>() };
}
