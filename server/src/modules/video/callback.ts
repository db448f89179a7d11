import type { FastifyInstance } from 'fastify';
import { videoAdapters } from '../../providers/video/index.js';
import { reportProgress } from '../tasks/index.js';
import { checkCallbackSecret } from './callback-secret.js';
import { pendingOutcome } from './results.js';

/**
 * Upstream callbacks (Luma's `callback_url`, Kling's): checked by the task's secret, matched
 * to the task's upstream id, then given to the engine as a push. A final state only makes the
 * task due: a worker polls it under its lease and ends it once, whether the callback or the
 * poll came first (a second arrival finds it ended and changes nothing). For a task that
 * failed by its timeout and is still watched, a final state starts a late poll: the clip is
 * kept and shown, charged 0 (`applied: true`; tasks/late.ts).
 */
export function callbackRoutes(app: FastifyInstance): void {
  app.post<{ Params: { id: string; protocol: string }; Querystring: { secret?: string } }>(
    '/video/callback/:protocol/:id',
    { schema: { hide: true }, bodyLimit: 1024 * 1024 },
    async (req, reply) => {
      const ctx = app.ctx;
      const taskId = /^\d{1,12}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (!taskId || !checkCallbackSecret(ctx, taskId, req.query.secret))
        return reply.code(401).send({ ok: false });
      const adapter = videoAdapters[req.params.protocol];
      const parsed = adapter?.callback?.(req.body);
      if (!parsed) return reply.code(400).send({ ok: false });
      const outcome =
        parsed.state.phase === 'succeeded'
          ? { type: 'done' as const, files: [], data: { upstreamStatus: parsed.state.status } }
          : pendingOutcome(parsed.state, ctx.config.video.pollMs, 'callback');
      // Kling's ids are stored with their endpoint (`t:` / `i:`); its callback knows only its own.
      const ids = adapter?.storedIds?.(parsed.id) ?? [parsed.id];
      let applied = false;
      for (const upstreamId of ids)
        applied ||= await reportProgress(ctx, { taskId, upstreamId, outcome });
      return reply.send({ ok: true, applied });
    },
  );
}
