import { z } from 'zod';

/**
 * Where a generated thing (a drawing, a zip, later music or a video) is in its life, stored in
 * `tasks.status` and sent as these numbers: waiting for a worker, running (submitted upstream
 * or being made), finished with its results, or failed with its credits returned.
 */
export const TaskStatus = { queued: 1, running: 2, succeeded: 3, failed: 4 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Not finished yet: queued or running (its credits are held). */
export const isTaskActive = (status: number): boolean =>
  status === TaskStatus.queued || status === TaskStatus.running;

/** Finished: succeeded or failed (its hold settled or returned). */
export const isTaskFinished = (status: number): boolean =>
  status === TaskStatus.succeeded || status === TaskStatus.failed;

export const taskStatus = z.union([
  z.literal(TaskStatus.queued),
  z.literal(TaskStatus.running),
  z.literal(TaskStatus.succeeded),
  z.literal(TaskStatus.failed),
]);
