import type { FastifyInstance } from 'fastify';
import { grant } from '../src/modules/credits/ledger.js';
import { createPrice } from '../src/modules/credits/prices.js';
import {
  UpstreamError,
  type StepOutcome,
  type TaskRow,
  type TaskRunner,
} from '../src/modules/tasks/runner.js';
import { TaskStatus } from '@atelier/contracts';
import { mayHaveSent } from '../src/providers/errors.js';

/*
 * The runner of the fake job upstream (test/fakes/jobs.ts): how a real module's runner talks
 * to its upstream, with the upstream address in the task's params.
 */
export const FAKE_KIND = 'fake-job';
export const FAKE_PRICE = 'fake:gen';

const upstreamOf = (task: TaskRow) => String(task.params.upstream);

async function getJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    // As the real adapters do: a connection never made is retried, one cut mid-request
    // may have started the job (providers/errors.ts, mayHaveSent).
    throw UpstreamError.transient(`upstream unreachable: ${(error as Error).message}`, 'network', {
      sent: mayHaveSent(error, false),
    });
  }
  if (res.status >= 500) throw UpstreamError.transient(`upstream ${res.status}`);
  if (!res.ok)
    throw UpstreamError.permanent({
      'en-US': `Upstream refused (${res.status})`,
      'zh-CN': `上游拒绝（${res.status}）`,
      'zh-TW': `上游拒絕（${res.status}）`,
    });
  return (await res.json()) as Record<string, unknown>;
}

export function fakeJobRunner(pollAfterMs = 20): TaskRunner {
  return {
    kind: FAKE_KIND,
    async submit(task, io): Promise<StepOutcome> {
      const body = await getJson(`${upstreamOf(task)}/jobs`, {
        method: 'POST',
        body: JSON.stringify({ prompt: task.prompt }),
        signal: io.signal,
      });
      return { type: 'submitted', upstreamId: String(body.id), pollAfterMs, progress: 1 };
    },
    async poll(task, io): Promise<StepOutcome> {
      const body = await getJson(`${upstreamOf(task)}/jobs/${task.upstreamId}`, {
        signal: io.signal,
      });
      // Its upstream is the one it was given, as a provider's base URL is a real runner's.
      if (body.status === 'done')
        return {
          type: 'done',
          files: [{ url: String(body.imageUrl), trustedBase: upstreamOf(task) }],
        };
      return { type: 'progress', progress: Number(body.progress), pollAfterMs };
    },
  };
}

/** A price of 5 credits for the fake kind (idempotent per app). */
export async function ensureFakePrice(app: FastifyInstance): Promise<void> {
  const exists = await app.ctx.db.kysely
    .selectFrom('credit_prices')
    .select('id')
    .where('price_key', '=', FAKE_PRICE)
    .executeTakeFirst();
  if (!exists)
    await createPrice(app.ctx.db.kysely, {
      model: 'fake',
      action: 'gen',
      category: 'image',
      label: 'Fake generation',
      credits: 5,
    });
}

export async function fund(app: FastifyInstance, userId: number, amount: number): Promise<void> {
  await grant(app.ctx.db.kysely, {
    userId,
    amount,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test-fund-${userId}-${Date.now()}-${Math.random()}`,
  });
}

/** Waits (short polling, deadline) until `check` returns a value. */
export async function until<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until every task of the user has succeeded and answers the most that were running
 * (status 2) at once in any of the looks taken meanwhile.
 */
export async function peakRunningUntilDone(
  app: FastifyInstance,
  userId: number,
  timeoutMs: number,
  what: string,
): Promise<number> {
  let most = 0;
  await until(
    async () => {
      const rows = await app.ctx.db.kysely
        .selectFrom('tasks')
        .select('status')
        .where('user_id', '=', userId)
        .execute();
      most = Math.max(most, rows.filter((r) => Number(r.status) === TaskStatus.running).length);
      return rows.every((r) => Number(r.status) === TaskStatus.succeeded);
    },
    timeoutMs,
    what,
  );
  return most;
}
