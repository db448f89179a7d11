import { describe, expect, it } from 'vitest';
import { isTaskActive, isTaskFinished, TaskStatus, taskStatus } from './tasks.js';

describe('task status', () => {
  it('keeps the stored and sent numbers', () => {
    expect(TaskStatus).toEqual({ queued: 1, running: 2, succeeded: 3, failed: 4 });
  });

  it('knows which statuses still move and which are final', () => {
    expect([1, 2, 3, 4].map(isTaskActive)).toEqual([true, true, false, false]);
    expect([1, 2, 3, 4].map(isTaskFinished)).toEqual([false, false, true, true]);
  });

  it('accepts only the four statuses', () => {
    expect(taskStatus.safeParse(3).success).toBe(true);
    expect(taskStatus.safeParse(0).success).toBe(false);
    expect(taskStatus.safeParse(5).success).toBe(false);
  });
});
