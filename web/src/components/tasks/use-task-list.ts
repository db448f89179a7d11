import { isTaskActive } from '@atelier/contracts';
import { keepPreviousData, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { balanceChanged } from '../../stores/balance';

/*
 * The task lists of every creation kind (drawings, pictures, songs, videos, separations, toolbox
 * runs…) follow one polling rule: while a task of the list is queued or running, the list is
 * asked for again every 2 s; once none is, it is not asked for again until something changes
 * it (a submit, a delete) or the screen opens again.
 */

/** How often a list with a queued or running task is asked for again. */
export const TASK_POLL_MS = 2_000;

/** What the rule reads of a task: its id and its status (`TaskStatus`). */
export interface TaskRow {
  id: number;
  status: number;
}

/** Whether a task of the list is still queued or running. */
export const anyActive = (rows: readonly TaskRow[]): boolean =>
  rows.some((row) => isTaskActive(row.status));

/** The rule itself: every 2 s while a task is active, never otherwise. */
export const taskPollInterval = (rows: readonly TaskRow[] | undefined): number | false =>
  rows && anyActive(rows) ? TASK_POLL_MS : false;

/** The status of each task of one answer, by id. */
export type TaskStatuses = ReadonlyMap<number, number>;

export const statusesOf = (rows: readonly TaskRow[]): TaskStatuses =>
  new Map(rows.map((row) => [row.id, row.status]));

/**
 * Whether a task finished or failed since the previous answer, which settles its held credits
 * (the unused part or, on failure, all of it comes back): one queued or running then and no
 * longer now, or a finished one that answer did not list. The first answer reports nothing.
 */
export function settledSince(previous: TaskStatuses | null, rows: readonly TaskRow[]): boolean {
  if (!previous) return false;
  return rows.some((row) => {
    if (isTaskActive(row.status)) return false;
    const before = previous.get(row.id);
    return before === undefined || isTaskActive(before);
  });
}

export interface TaskListOptions<TData> {
  queryKey: QueryKey;
  queryFn: () => Promise<TData>;
  /** The tasks of an answer the rule looks at. */
  rowsOf: (data: TData) => readonly TaskRow[];
  enabled?: boolean;
  /** Keep showing the previous answer while another key loads (a page size, a filter). */
  keepPrevious?: boolean;
  retry?: boolean;
  /**
   * The kind holds credits while a task runs: when one ends, the balance is asked for again
   * (its hold was settled or returned).
   */
  settlesCredits?: boolean;
  /**
   * While nothing is active, a slower check a kind may still need (a video past its time may
   * yet get its clip), or false. The 2 s rule always wins while a task is active.
   */
  idleInterval?: (data: TData) => number | false;
}

/** A creation kind's task list, polled by the one rule. */
export function useTaskList<TData>(options: TaskListOptions<TData>) {
  const { rowsOf, idleInterval, settlesCredits } = options;
  const query = useQuery({
    queryKey: options.queryKey,
    queryFn: options.queryFn,
    enabled: options.enabled,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data === undefined) return false;
      return taskPollInterval(rowsOf(data)) || (idleInterval ? idleInterval(data) : false);
    },
  });
  // What the previous answer of this very list said (another page size starts afresh).
  const seen = useRef<{ key: string; statuses: TaskStatuses } | null>(null);
  const data = query.isPlaceholderData ? undefined : query.data;
  const key = JSON.stringify(options.queryKey);
  useEffect(() => {
    if (!settlesCredits || data === undefined) return;
    const rows = rowsOf(data);
    const before = seen.current?.key === key ? seen.current.statuses : null;
    if (settledSince(before, rows)) void balanceChanged();
    seen.current = { key, statuses: statusesOf(rows) };
    // `rowsOf` is read with the data it belongs to; a new function each render changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, key, settlesCredits]);
  return query;
}

/** Lists with a fetch again already promised after the one under way, by key. */
const again = new Set<string>();

/**
 * Asks for a task list now (after a submit, a delete, coming back to the tab), however often it
 * is called: with no fetch under way one starts; with one under way, one more follows it (its
 * answer may predate the change), never cancelling it, so a burst of calls cannot keep the list
 * from ever answering.
 */
export function refreshTaskList(client: QueryClient, queryKey: QueryKey): void {
  const id = JSON.stringify(queryKey);
  if (client.isFetching({ queryKey }) === 0) {
    void client.invalidateQueries({ queryKey });
    return;
  }
  if (again.has(id)) return;
  again.add(id);
  void client
    .refetchQueries({ queryKey }, { cancelRefetch: false })
    .catch(() => undefined)
    .finally(() => {
      again.delete(id);
      void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
    });
}
