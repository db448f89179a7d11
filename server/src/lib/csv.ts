/** CSV as spreadsheets read it (RFC 4180): cells with a quote, comma or new line are quoted. */
export type CsvCell = string | number | null;

const csvCell = (v: CsvCell) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One line, without its end. */
export const csvLine = (cells: CsvCell[]) => cells.map(csvCell).join(',');

/** A whole file: the header, then each row, each line ended by a new line. */
export const csvDocument = (header: string[], rows: CsvCell[][]): string =>
  `${[csvLine(header), ...rows.map(csvLine)].join('\n')}\n`;
