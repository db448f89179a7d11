import type { SelectQueryBuilder } from 'kysely';

export interface Page {
  page: number;
  size: number;
}

/**
 * One page of a list and the count of the whole list, as every `{ rows, count }` answer needs.
 * `base` holds the filters; `rowsOf` adds the selection and the order for the rows.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: Page,
  rowsOf: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; count: number }> {
  const [rows, total] = await Promise.all([
    rowsOf(base)
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // Kysely cannot name the selected alias through the generic database type; it is `n`.
  return { rows, count: Number((total as { n: number | string }).n) };
}
