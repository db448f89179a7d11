import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import * as balance from '../../stores/balance';
import {
  refreshTaskList,
  settledSince,
  statusesOf,
  TASK_POLL_MS,
  taskPollInterval,
  useTaskList,
  type TaskRow,
} from './use-task-list';

const { queued, running, succeeded, failed } = TaskStatus;

/** Lets `ms` go by on the fake clock, with every answer it brought. */
const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('the polling rule', () => {
  it('asks again every 2 s while a task is queued or running, never otherwise', () => {
    expect(taskPollInterval([{ id: 1, status: queued }])).toBe(TASK_POLL_MS);
    expect(
      taskPollInterval([
        { id: 1, status: succeeded },
        { id: 2, status: running },
      ]),
    ).toBe(2000);
    expect(
      taskPollInterval([
        { id: 1, status: succeeded },
        { id: 2, status: failed },
      ]),
    ).toBe(false);
    expect(taskPollInterval([])).toBe(false);
    expect(taskPollInterval(undefined)).toBe(false);
  });

  it('tells when a task settled since the previous answer', () => {
    const before = statusesOf([
      { id: 1, status: running },
      { id: 2, status: succeeded },
    ]);
    expect(settledSince(null, [{ id: 1, status: succeeded }])).toBe(false);
    expect(
      settledSince(before, [
        { id: 1, status: running },
        { id: 2, status: succeeded },
      ]),
    ).toBe(false);
    expect(
      settledSince(before, [
        { id: 1, status: failed },
        { id: 2, status: succeeded },
      ]),
    ).toBe(true);
    // A task that was never seen active and is listed finished (it ran between two answers).
    expect(settledSince(before, [{ id: 3, status: succeeded }])).toBe(true);
    // A new task still waiting settles nothing.
    expect(settledSince(before, [{ id: 4, status: queued }])).toBe(false);
  });
});

describe('tasks settled between two polls', () => {
  const row = (id: number, status: number) => ({ id, status });

  it('reports nothing on the first poll, whatever it finds', () => {
    expect(settledSince(null, [row(1, 3), row(2, 4)])).toBe(false);
  });

  it('reports a task that was queued or running and is now done or failed', () => {
    const before = statusesOf([row(1, 2), row(2, 3)]);
    expect(settledSince(before, [row(1, 2), row(2, 3)])).toBe(false);
    expect(settledSince(before, [row(1, 3), row(2, 3)])).toBe(true);
    expect(settledSince(statusesOf([row(1, 1)]), [row(1, 4)])).toBe(true);
  });

  it('reports a finished task the previous poll did not list, not a new queued one', () => {
    const before = statusesOf([row(1, 3)]);
    expect(settledSince(before, [row(2, 1), row(1, 3)])).toBe(false);
    expect(settledSince(before, [row(2, 4), row(1, 3)])).toBe(true);
  });
});

describe('useTaskList', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  /** A server whose list moves on by one answer per call. */
  const server = (answers: TaskRow[][]) => {
    let call = 0;
    return vi.fn(async () => ({ rows: answers[Math.min(call++, answers.length - 1)]! }));
  };

  beforeEach(() => {
    vi.useFakeTimers();
    // The cache tells the hook on the real clock's next tick by default: at once, here.
    notifyManager.setScheduler((notify) => queueMicrotask(notify));
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    client.clear();
    notifyManager.setScheduler((notify) => setTimeout(notify, 0));
    vi.useRealTimers();
  });

  it('polls every 2 s while a task is active and stops once none is', async () => {
    const queryFn = server([
      [{ id: 1, status: queued }],
      [{ id: 1, status: running }],
      [{ id: 1, status: succeeded }],
    ]);
    const { result } = renderHook(
      () => useTaskList({ queryKey: ['t', 'a'], queryFn, rowsOf: (d) => d.rows }),
      { wrapper },
    );
    await pass(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await pass(TASK_POLL_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await pass(TASK_POLL_MS);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(result.current.data?.rows[0]?.status).toBe(succeeded);
    await pass(TASK_POLL_MS * 10);
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('never polls a list with nothing active', async () => {
    const queryFn = server([[{ id: 1, status: succeeded }]]);
    renderHook(() => useTaskList({ queryKey: ['t', 'b'], queryFn, rowsOf: (d) => d.rows }), {
      wrapper,
    });
    await pass(TASK_POLL_MS * 10);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('falls back to the idle interval a kind asks for while nothing is active', async () => {
    const queryFn = server([[{ id: 1, status: succeeded }]]);
    renderHook(
      () =>
        useTaskList({
          queryKey: ['t', 'c'],
          queryFn,
          rowsOf: (d) => d.rows,
          idleInterval: () => 30_000,
        }),
      { wrapper },
    );
    await pass(29_999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('asks for the balance when a task of a paid kind ends, not before', async () => {
    const changed = vi.spyOn(balance, 'balanceChanged').mockResolvedValue(undefined);
    const queryFn = server([[{ id: 1, status: running }], [{ id: 1, status: failed }]]);
    renderHook(
      () =>
        useTaskList({
          queryKey: ['t', 'd'],
          queryFn,
          rowsOf: (d) => d.rows,
          settlesCredits: true,
        }),
      { wrapper },
    );
    await pass(0);
    expect(changed).not.toHaveBeenCalled();
    await pass(TASK_POLL_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(changed).toHaveBeenCalledTimes(1);
  });
  it('a burst of refreshes during a fetch never cancels it, and one more fetch follows', async () => {
    let answered = 0;
    const queryFn = vi.fn(
      () =>
        new Promise<{ rows: TaskRow[] }>((resolve) =>
          setTimeout(() => {
            answered += 1;
            resolve({ rows: [{ id: 1, status: succeeded }] });
          }, 500),
        ),
    );
    const { result } = renderHook(
      () => useTaskList({ queryKey: ['t', 'e'], queryFn, rowsOf: (d) => d.rows }),
      { wrapper },
    );
    await pass(100);
    for (let i = 0; i < 5; i++) refreshTaskList(client, ['t', 'e']);
    await pass(400);
    expect(result.current.data?.rows).toHaveLength(1);
    await pass(500);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(answered).toBe(2);
    await pass(TASK_POLL_MS * 5);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
