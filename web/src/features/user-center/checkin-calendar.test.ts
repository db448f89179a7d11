import { describe, expect, it } from 'vitest';
import { monthGrid, weekdayNames } from './checkin-calendar';

describe('check-in calendar', () => {
  it('lays November 2026 out from Monday (the 1st is a Sunday)', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.map((c) => c.day)).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks[1]![0]).toEqual({ date: '2026-11-02', day: 2 });
    expect(weeks[5]!.map((c) => c.day)).toEqual([30, null, null, null, null, null, null]);
    expect(weeks.flat().filter((c) => c.date)).toHaveLength(30);
  });

  it('knows leap years and a month that starts on Monday', () => {
    const feb = monthGrid('2028-02');
    expect(
      feb
        .flat()
        .filter((c) => c.date)
        .at(-1)?.date,
    ).toBe('2028-02-29');
    const june = monthGrid('2026-06'); // 1 June 2026 is a Monday
    expect(june[0]![0]).toEqual({ date: '2026-06-01', day: 1 });
    expect(june.every((w) => w.length === 7)).toBe(true);
  });

  it('answers nothing for a malformed month', () => {
    expect(monthGrid('2026-13x')).toEqual([]);
  });

  it('names the weekdays Monday first', () => {
    expect(weekdayNames('en-US')).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S']);
    expect(weekdayNames('zh-CN')[0]).toBe('一');
  });
});
