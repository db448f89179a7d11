import type { Kysely } from 'kysely';
import { sites } from '@atelier/contracts';
import { nowIso, type Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { notFound } from '../../http/errors.js';
import type { CrudTable, Draft, Entity, RowKind, RowOf } from './kinds.js';

type LooseRow = Record<string, unknown>;
/**
 * Kysely cannot type a table chosen at run time, so the shared list/create/update/delete below
 * sees rows loosely; each kind's own mapping (kinds.ts) is fully typed against its table.
 */
type LooseDb = Kysely<Record<string, LooseRow>>;

/** List, create, update and delete of one kind of row. */
export class Rows<T extends CrudTable, E extends Entity, F> {
  constructor(
    private readonly db: Db,
    readonly kind: RowKind<T, E, F>,
  ) {}

  private get q(): LooseDb {
    return this.db.kysely as unknown as LooseDb;
  }

  private get table(): string {
    return this.kind.table;
  }

  private toEntity(row: LooseRow): E {
    return this.kind.toEntity(row as RowOf<T>);
  }

  async list(): Promise<E[]> {
    const rows = await this.q.selectFrom(this.table).selectAll().execute();
    return rows.map((r) => this.toEntity(r)).sort((a, b) => this.kind.compare(a, b));
  }

  async get(id: number): Promise<E> {
    const row = await this.q
      .selectFrom(this.table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(this.kind.notFound, { id });
    return this.toEntity(row);
  }

  async create(fields: F): Promise<E> {
    const draft = this.kind.merge(await this.kind.blank(this.db), fields);
    await this.kind.check?.(this.db, draft, null);
    const now = nowIso();
    const row = await this.caught(draft, () =>
      this.q
        .insertInto(this.table)
        .values({ ...this.kind.toColumns(draft), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return this.toEntity(row);
  }

  async update(id: number, fields: F): Promise<E> {
    const current = await this.get(id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = current;
    const draft = this.kind.merge(rest as Draft<E>, fields);
    await this.kind.check?.(this.db, draft, current);
    const row = await this.caught(draft, () =>
      this.q
        .updateTable(this.table)
        .set({ ...this.kind.toColumns(draft), updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    );
    if (!row) throw notFound(this.kind.notFound, { id });
    return this.toEntity(row);
  }

  async remove(id: number): Promise<void> {
    const current = await this.get(id);
    this.kind.keep?.(current);
    await this.q.deleteFrom(this.table).where('id', '=', id).execute();
  }

  /** A unique constraint the database caught (two writes at once) answers like the check does. */
  private async caught<R>(draft: Draft<E>, write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      if (this.kind.duplicate && isUniqueViolation(error)) throw this.kind.duplicate(draft);
      throw error;
    }
  }
}

// ---------------------------------------------------------------- global config

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The stored keys over the defaults; a key stored in a shape the schema refuses keeps its default. */
export async function readGlobalConfig(db: Db): Promise<sites.GlobalConfig> {
  const rows = await db.kysely.selectFrom('site_global_config').selectAll().execute();
  const config: Record<string, unknown> = structuredClone(sites.globalConfigDefaults);
  for (const row of rows) {
    const key = sites.globalConfigKeys.find((k) => k === row.key);
    if (!key) continue;
    const parsed = sites.globalConfig.shape[key].safeParse(parseStored(row.value));
    if (parsed.success) config[key] = parsed.data;
  }
  return config as sites.GlobalConfig;
}

export type GlobalConfigUpdate = Partial<sites.GlobalConfig>;

export async function writeGlobalConfig(
  db: Db,
  update: GlobalConfigUpdate,
): Promise<sites.GlobalConfig> {
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    for (const key of sites.globalConfigKeys) {
      if (update[key] === undefined) continue;
      const value = JSON.stringify(update[key]);
      await trx
        .insertInto('site_global_config')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    }
  });
  return readGlobalConfig(db);
}
