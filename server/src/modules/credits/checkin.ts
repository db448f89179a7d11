import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import { dayIn } from '../../lib/day.js';
import type { Database } from '../../db/schema.js';
import { notice } from '../../http/errors.js';
import { grant } from './ledger.js';
import { texts } from './messages.js';
import { readSettings } from './settings.js';

export { dayIn };

const previousDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function streakUntil(db: Kysely<Database>, userId: number, today: string): Promise<number> {
  const rows = await db
    .selectFrom('credit_checkins')
    .select('day')
    .where('user_id', '=', userId)
    .where('day', '<=', today)
    .orderBy('day', 'desc')
    .limit(400)
    .execute();
  const days = new Set(rows.map((r) => r.day));
  let day = days.has(today) ? today : previousDay(today);
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day = previousDay(day);
  }
  return streak;
}

/** Grants the daily reward once per day in the site's time zone; again the same day is a 420. */
export async function checkIn(
  db: Kysely<Database>,
  userId: number,
  timeZone: string,
  at = new Date(),
): Promise<{ credits: number; day: string; streak: number }> {
  const day = dayIn(timeZone, at);
  const reward = (await readSettings(db)).dailyCheckin;
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('credit_checkins')
      .values({ user_id: userId, day, credits: reward, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw notice(texts.alreadyCheckedIn);
    if (reward > 0)
      await grant(trx, {
        userId,
        amount: reward,
        kind: 'checkin',
        ref: `checkin:${day}`,
        idempotencyKey: `checkin:${userId}:${day}`,
      });
  });
  return { credits: reward, day, streak: await streakUntil(db, userId, day) };
}

/** This month's check-in days (site time zone) and the current streak. */
export async function checkinCalendar(
  db: Kysely<Database>,
  userId: number,
  timeZone: string,
  at = new Date(),
) {
  const today = dayIn(timeZone, at);
  const month = today.slice(0, 7);
  const [rows, streak, settings] = await Promise.all([
    db
      .selectFrom('credit_checkins')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', '>=', `${month}-01`)
      .where('day', '<=', `${month}-31`)
      .orderBy('day')
      .execute(),
    streakUntil(db, userId, today),
    readSettings(db),
  ]);
  const days = rows.map((r) => r.day);
  return {
    month,
    today,
    days,
    streak,
    checkedInToday: days.includes(today),
    reward: settings.dailyCheckin,
  };
}
