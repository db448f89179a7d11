/** One cell of the month grid: a day of the month, or a blank before the 1st / after the last. */
export interface DayCell {
  /** YYYY-MM-DD, or null for a blank cell. */
  date: string | null;
  day: number | null;
}

/**
 * The weeks of a month (`YYYY-MM`) as rows of 7 cells, weeks starting on Monday (the site's
 * calendar convention in China). Pure date arithmetic in UTC: no time zone can shift a day.
 */
export function monthGrid(month: string): DayCell[][] {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return [];
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  // getUTCDay: 0 Sunday … 6 Saturday → blanks before the 1st with Monday first.
  const lead = (new Date(Date.UTC(year, monthIndex, 1)).getUTCDay() + 6) % 7;
  const cells: DayCell[] = Array.from({ length: lead }, () => ({ date: null, day: null }));
  for (let day = 1; day <= daysInMonth; day++)
    cells.push({ date: `${month}-${String(day).padStart(2, '0')}`, day });
  while (cells.length % 7 !== 0) cells.push({ date: null, day: null });
  const weeks: DayCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Short weekday names, Monday first, in the interface language. */
export function weekdayNames(language: string): string[] {
  // 2024-01-01 was a Monday.
  const format = new Intl.DateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}
