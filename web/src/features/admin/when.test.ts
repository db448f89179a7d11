import { describe, expect, it } from 'vitest';
import { when } from './when';

describe('console times', () => {
  it("shows a stored ISO time in the viewer's language and zone, never raw", () => {
    const iso = '2026-11-28T09:05:07.123Z';
    const en = when(iso, 'en-US');
    expect(en).not.toContain('T09');
    expect(en).toBe(
      new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }),
    );
    expect(when(iso, 'zh-CN')).toMatch(/2026年11月28日/);
    expect(when(null)).toBe('');
  });
});
