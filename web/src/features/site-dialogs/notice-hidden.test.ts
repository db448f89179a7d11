import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissNotices,
  noticeFingerprint,
  secondsUntilTomorrow,
  shouldShowNotices,
} from './notice-hidden';

const notices = [
  { id: 1, updatedAt: '2026-03-01T08:00:00.000Z' },
  { id: 2, updatedAt: '2026-03-02T08:00:00.000Z' },
];
const edited = [notices[0]!, { id: 2, updatedAt: '2026-03-05T09:30:00.000Z' }];
const added = [...notices, { id: 3, updatedAt: '2026-03-05T09:00:00.000Z' }];

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('closing the notices', () => {
  it('keeps them closed on every later load, days later too', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 5, 9, 0, 0) });
    expect(shouldShowNotices(notices)).toBe(true);
    dismissNotices(notices, { today: false });
    expect(shouldShowNotices(notices)).toBe(false);
    vi.setSystemTime(new Date(2026, 5, 5, 9, 0, 0));
    expect(shouldShowNotices(notices)).toBe(false);
  });

  it('shows them again when a notice is edited or added', () => {
    dismissNotices(notices, { today: false });
    expect(noticeFingerprint(edited)).not.toBe(noticeFingerprint(notices));
    expect(shouldShowNotices(edited)).toBe(true);
    expect(shouldShowNotices(added)).toBe(true);
  });

  it('never opens for no notices', () => {
    expect(shouldShowNotices([])).toBe(false);
  });
});

describe('"don\'t show again today"', () => {
  it('counts the seconds to the next local midnight', () => {
    expect(secondsUntilTomorrow(new Date(2026, 2, 5, 23, 59, 30))).toBe(30);
    expect(secondsUntilTomorrow(new Date(2026, 2, 5, 0, 0, 0))).toBe(86_400);
    expect(secondsUntilTomorrow(new Date(2026, 2, 5, 12, 0, 0, 500))).toBe(43_200);
  });

  it('holds back even a new or edited notice for the rest of the day, not tomorrow', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 5, 22, 0, 0) });
    dismissNotices(notices, { today: true });
    expect(shouldShowNotices(notices)).toBe(false);
    expect(shouldShowNotices(edited)).toBe(false);
    vi.setSystemTime(new Date(2026, 2, 5, 23, 59, 59));
    expect(shouldShowNotices(added)).toBe(false);
    vi.setSystemTime(new Date(2026, 2, 6, 0, 0, 0));
    expect(shouldShowNotices(added)).toBe(true);
    // The notices closed yesterday stay closed.
    expect(shouldShowNotices(notices)).toBe(false);
  });
});
