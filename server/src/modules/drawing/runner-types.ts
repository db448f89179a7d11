import type { FastifyBaseLogger } from 'fastify';
import type { drawing } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Localized } from '../../http/messages.js';

/*
 * The runner contract of INTERFACES.md ("Task engine"), kept here until the shared engine
 * (`server/src/modules/tasks/runner.ts`) lands; then these become re-exports of it.
 */

/** A task as runners and routes read it. */
export interface TaskRow {
  id: number;
  userId: number;
  kind: string;
  action: string;
  prompt: string;
  params: Record<string, unknown>;
  parentId: number | null;
  status: drawing.DrawStatus;
  progress: number;
  upstreamId: string | null;
  providerId: number | null;
  images: drawing.DrawImage[];
  error: Localized | null;
  data: Record<string, unknown>;
  credits: number;
  /** Tasks of everyone ahead while queued; null otherwise. */
  queuePosition: number | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface TaskIo {
  ctx: AppContext;
  log: FastifyBaseLogger;
  signal: AbortSignal;
}

export type StepOutcome =
  | {
      type: 'submitted';
      upstreamId: string;
      pollAfterMs: number;
      progress?: number;
      data?: Record<string, unknown>;
    }
  | { type: 'progress'; progress: number; pollAfterMs: number; data?: Record<string, unknown> }
  | { type: 'done'; files: ResultFile[]; data?: Record<string, unknown> }
  | { type: 'failed'; error: Localized; data?: Record<string, unknown> };

export interface ResultFile {
  url?: string;
  bytes?: Buffer;
  name?: string;
}

export interface TaskRunner {
  kind: string;
  submit(task: TaskRow, io: TaskIo): Promise<StepOutcome>;
  poll(task: TaskRow, io: TaskIo): Promise<StepOutcome>;
}

/** Retry later with backoff. */
export class TransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientError';
  }
}

/** Fail now and give the credits back. */
export class PermanentError extends Error {
  constructor(readonly text: Localized) {
    super(text['en-US']);
    this.name = 'PermanentError';
  }
}
