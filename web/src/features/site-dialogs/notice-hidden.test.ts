import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hideNoticesToday,
  noticeFingerprint,
  secondsUntilTomorrow,
  shouldShowNotices,
} from './notice-hidden';

const notices = [
  { id: 1, updatedAt: '2026-03-01T08:00:00.000Z' },
  { id: 2, updatedAt: '2026-03-02T08:00:00.000Z' },
];

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('"don\'t show again today"', () => {
  it('counts the seconds to the next local midnight', () => {
    expect(secondsUntilTomorrow(new Date(2026, 2, 5, 23, 59, 30))).toBe(30);
    expect(secondsUntilTomorrow(new Date(2026, 2, 5, 0, 0, 0))).toBe(86_400);
    expect(secondsUntilTomorrow(new Date(2026, 2, 5, 12, 0, 0, 500))).toBe(43_200);
  });

  it('shows notices until hidden, keeps them hidden the rest of the day, shows them tomorrow', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 5, 22, 0, 0) });
    expect(shouldShowNotices(notices)).toBe(true);
    hideNoticesToday(notices);
    expect(shouldShowNotices(notices)).toBe(false);
    vi.setSystemTime(new Date(2026, 2, 5, 23, 59, 59));
    expect(shouldShowNotices(notices)).toBe(false);
    vi.setSystemTime(new Date(2026, 2, 6, 0, 0, 0));
    expect(shouldShowNotices(notices)).toBe(true);
  });

  it('shows a new or edited notice again the same day', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 5, 9, 0, 0) });
    hideNoticesToday(notices);
    const edited = [notices[0]!, { id: 2, updatedAt: '2026-03-05T09:30:00.000Z' }];
    expect(noticeFingerprint(edited)).not.toBe(noticeFingerprint(notices));
    expect(shouldShowNotices(edited)).toBe(true);
    expect(shouldShowNotices([...notices, { id: 3, updatedAt: '2026-03-05T09:00:00.000Z' }])).toBe(
      true,
    );
  });

  it('never opens for no notices', () => {
    expect(shouldShowNotices([])).toBe(false);
  });
});
