import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { toStoredFiles } from './rows.js';
/**
 * A task born finished with files already stored (the seeded examples, docs/works.md): no
 * hold, no worker, no charge. Returns its id.
 */
export async function insertFinishedTask(
  ctx: AppContext,
  input: {
    userId: number;
    kind: string;
    action: string;
    prompt: string;
    params: Record<string, unknown>;
    files: ReturnType<typeof toStoredFiles>;
  },
): Promise<number> {
  const now = new Date();
  const row = await ctx.db.kysely
    .insertInto('tasks')
    .values({
      user_id: input.userId,
      kind: input.kind,
      action: input.action,
      prompt: input.prompt,
      params: JSON.stringify(input.params),
      parent_id: null,
      provider_id: null,
      provider_limit: 0,
      price_key: null,
      hold_id: null,
      credits: 0,
      data: '{}',
      upstream_id: null,
      error: null,
      attempts: 0,
      run_after: now.getTime(),
      deadline: now.getTime(),
      lease_owner: null,
      lease_until: null,
      late_until: null,
      late_poll_at: null,
      created_at: now.toISOString(),
      status: TaskStatus.succeeded,
      progress: 100,
      files: JSON.stringify(input.files),
      started_at: now.toISOString(),
      finished_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
