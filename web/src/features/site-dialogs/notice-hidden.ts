import { storage } from '../../lib/storage';

/** localStorage key of the notices the user chose not to see again today. */
export const NOTICE_HIDDEN_KEY = 'noticeHiddenToday';

/** Seconds from `now` to the next local midnight (at least 1), so "today" ends with the day. */
export function secondsUntilTomorrow(now: Date): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}

/** Identifies a set of notices: a new or edited notice shows again even on the same day. */
export function noticeFingerprint(notices: readonly { id: number; updatedAt: string }[]): string {
  return notices.map((n) => `${n.id}@${n.updatedAt}`).join(',');
}

/** Whether these notices should open now: some exist and they were not hidden for today. */
export function shouldShowNotices(notices: readonly { id: number; updatedAt: string }[]): boolean {
  if (notices.length === 0) return false;
  return storage.get<string>(NOTICE_HIDDEN_KEY) !== noticeFingerprint(notices);
}

/** "Don't show again today": remembered until the next local midnight. */
export function hideNoticesToday(
  notices: readonly { id: number; updatedAt: string }[],
  now: Date = new Date(),
): void {
  storage.set(NOTICE_HIDDEN_KEY, noticeFingerprint(notices), secondsUntilTomorrow(now));
}
