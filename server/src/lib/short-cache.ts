/**
 * Reads kept a few seconds per database (a test's app and a server's each have their own), for
 * rows every request reads and only an admin changes. `forget()` (called by the writes of the
 * module owning the rows) drops them at once in this process; other instances see a change
 * within `ttlMs`.
 */
export class ShortCache<K, V> {
  private readonly byDb = new WeakMap<object, Map<K, { at: number; value: V }>>();
  private generation = 0;
  private readonly generations = new WeakMap<object, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  async get(db: object, key: K, read: () => Promise<V>): Promise<V> {
    let entries = this.byDb.get(db);
    if (!entries || this.generations.get(db) !== this.generation) {
      entries = new Map();
      this.byDb.set(db, entries);
      this.generations.set(db, this.generation);
    }
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const generation = this.generation;
    const value = await read();
    // A write while the read ran: the value may be the old one, it is not kept.
    if (generation === this.generation) {
      if (entries.size >= this.max) entries.clear();
      entries.set(key, { at: now, value });
    }
    return value;
  }

  /** Drops every kept read (of every database). */
  forget(): void {
    this.generation++;
  }
}
