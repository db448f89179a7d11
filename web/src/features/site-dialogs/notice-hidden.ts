import { storage } from '../../lib/storage';

/** localStorage key of the notices the user closed ("Got it" or ×): they stay closed. */
export const NOTICE_SEEN_KEY = 'noticeSeen';
/** localStorage key of "don't show again today": no notice opens until the next local midnight. */
export const NOTICE_HIDDEN_KEY = 'noticeHiddenToday';

type NoticeVersion = { id: number; updatedAt: string };

/** Seconds from `now` to the next local midnight (at least 1), so "today" ends with the day. */
export function secondsUntilTomorrow(now: Date): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}

/** Identifies a set of notices: a new or edited notice changes it. */
export function noticeFingerprint(notices: readonly NoticeVersion[]): string {
  return notices.map((n) => `${n.id}@${n.updatedAt}`).join(',');
}

/**
 * Whether these notices should open now: some exist, the user has not closed this version of
 * them, and did not ask to see no notice today.
 */
export function shouldShowNotices(notices: readonly NoticeVersion[]): boolean {
  if (notices.length === 0) return false;
  if (storage.get<boolean>(NOTICE_HIDDEN_KEY) === true) return false;
  return storage.get<string>(NOTICE_SEEN_KEY) !== noticeFingerprint(notices);
}

/**
 * Closing the notices keeps them closed until one is added or edited. With "don't show again
 * today" no notice opens for the rest of the day, not even a new one.
 */
export function dismissNotices(
  notices: readonly NoticeVersion[],
  options: { today: boolean; now?: Date },
): void {
  storage.set(NOTICE_SEEN_KEY, noticeFingerprint(notices), null);
  if (options.today)
    storage.set(NOTICE_HIDDEN_KEY, true, secondsUntilTomorrow(options.now ?? new Date()));
}
