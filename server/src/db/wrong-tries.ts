import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tables that remember wrong tries: one row per try, with its time in `created_at`. */
type TriesTable = 'login_failures' | 'redeem_failures';
type Column<T extends TriesTable> = Exclude<keyof Database[T] & string, 'created_at' | 'id'>;

/**
 * Wrong tries (a bad password, a wrong redeem code) remembered in the database, so that a limit
 * holds across every API instance, and counted over a sliding window.
 */
export class WrongTries<T extends TriesTable> {
  constructor(
    readonly table: T,
    /** How far back a try still counts. */
    readonly windowMs: number,
  ) {}

  /** Remembers one wrong try at `now`. */
  async record(
    db: Kysely<Database>,
    row: Omit<Insertable<Database[T]>, 'created_at'>,
    now = Date.now(),
  ): Promise<void> {
    // The row is typed by the table's own insert type above; Kysely cannot narrow a table chosen
    // by a type parameter, so the builder is reached through the union's first member.
    const table = this.table as TriesTable as 'login_failures';
    await db
      .insertInto(table)
      .values({ ...row, created_at: new Date(now).toISOString() } as Insertable<
        Database['login_failures']
      >)
      .execute();
  }

  /**
   * The most tries within the window by any one of the given keys (e.g. by the user and by the
   * IP address: whichever has tried more).
   */
  async count(
    db: Kysely<Database>,
    by: Partial<Record<Column<T>, string | number>>,
    now = Date.now(),
  ): Promise<number> {
    const since = new Date(now - this.windowMs).toISOString();
    const table = this.table as TriesTable as 'login_failures';
    const counts = await Promise.all(
      Object.entries(by).map(([column, value]) =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(db.dynamic.ref(column), '=', value as string | number)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ),
    );
    return Math.max(0, ...counts);
  }

  /** Forgets the tries of one key (e.g. after a successful sign-in). */
  async clear(db: Kysely<Database>, column: Column<T>, value: string | number): Promise<void> {
    const table = this.table as TriesTable as 'login_failures';
    await db.deleteFrom(table).where(db.dynamic.ref(column), '=', value).execute();
  }
}
