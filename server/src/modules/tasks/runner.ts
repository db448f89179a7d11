import type { FastifyBaseLogger } from 'fastify';
import type { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Localized } from '../../http/messages.js';

/*
 * The contract between the task engine and the modules that generate things (docs/add-a-kind.md):
 * a module registers one runner per kind; the engine calls submit once, then poll while the
 * task has an upstream id, and copies result files into storage.
 */

/** A stored result: file urls under /api/files/… (private ones signed when read). */
export interface TaskFile {
  key: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  mime: string;
  size: number;
  name?: string;
}

/** A task as runners and routes read it. */
export interface TaskRow {
  id: number;
  userId: number;
  kind: string;
  action: string;
  prompt: string;
  params: Record<string, unknown>;
  parentId: number | null;
  status: TaskStatus;
  progress: number;
  upstreamId: string | null;
  providerId: number | null;
  files: TaskFile[];
  error: Localized | null;
  data: Record<string, unknown>;
  credits: number;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Failed by its timeout and watched for a late result until then (epoch ms); else null. */
  lateUntil: number | null;
}

export interface TaskIo {
  ctx: AppContext;
  log: FastifyBaseLogger;
  /** Aborted when the task's timeout passes or the worker stops. */
  signal: AbortSignal;
  /**
   * Lets this step run up to `ms` instead of `TASK_STEP_TIMEOUT_MS` (a call the upstream
   * answers only when the work is done), never past the task's deadline: the time granted.
   * Absent outside the engine's steps (late polls).
   */
  allowStep?(ms: number): number;
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
  | {
      type: 'done';
      files: ResultFile[];
      data?: Record<string, unknown>;
      /** Part of the work delivered (e.g. 1 of 2 songs): the hold is settled pro rata. */
      share?: { delivered: number; of: number };
    }
  | {
      type: 'failed';
      /** What the user reads (a sentence in their language, never the upstream's own text). */
      error: Localized;
      /** The upstream's raw reason, kept for the operator's task timeline only. */
      detail?: string;
      data?: Record<string, unknown>;
    };

/** The engine copies each into storage (upstream URLs expire) and makes a thumbnail. */
export interface ResultFile {
  /** An upstream's link, fetched through the address guard (lib/result-link.ts). */
  url?: string;
  /**
   * The base URL the runner called: a link on its host is fetched unguarded. Left out, the
   * task's provider's configured base URL is that host.
   */
  trustedBase?: string;
  bytes?: Buffer;
  name?: string;
  /** The type of a file that is not a picture (video/mp4, audio/mpeg…). */
  mime?: string;
  /** Its thumbnail when it is not a picture (a video's poster frame), any picture format. */
  thumb?: Buffer;
}

/** One kind of work ('mj', 'chat-draw', 'zip', later 'music', 'video'…), registered by its module. */
export interface TaskRunner {
  kind: string;
  /** First call for a task: submit upstream (or do the whole work). */
  submit(task: TaskRow, io: TaskIo): Promise<StepOutcome>;
  /** Later calls while the task has an upstream id. */
  poll(task: TaskRow, io: TaskIo): Promise<StepOutcome>;
  /** Overrides the engine's default timeout (ms from the first run) for this kind. */
  timeoutMs?: number;
}

/**
 * A step fails by throwing: an `UpstreamError` says whether to retry with backoff (transient)
 * or fail now with its text and give the credits back (permanent); any other error is retried.
 */
export { UpstreamError } from '../../providers/errors.js';

/**
 * Registers a kind of task: from then on the engine runs every task of `runner.kind` with it
 * (the last registration of a kind wins). The one call a module makes for a new kind
 * (docs/add-a-kind.md).
 */
export function registerTaskKind(ctx: AppContext, runner: TaskRunner): void {
  ctx.taskRunners.set(runner.kind, runner);
}

export const runnerOf = (ctx: AppContext, kind: string): TaskRunner | undefined =>
  ctx.taskRunners.get(kind);
