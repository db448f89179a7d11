import type { FastifyInstance } from 'fastify';
import { music as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { failedWith } from '../../lib/failure-text.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { UpstreamError } from '../../providers/errors.js';
import { hold, quote, release, settle } from '../credits/index.js';
import { texts } from './messages.js';
import type { KindModel } from '../kind-kit/index.js';
import { musicKind } from './kind.js';
import { priceKeyOf } from './models.js';
import type { Draft } from './protocols.js';

/** Two drafts from the model's protocol. */
async function draftsOf(ctx: AppContext, m: KindModel, prompt: string): Promise<Draft[]> {
  const adapter = musicKind.adapterOf(m);
  if (!adapter) throw UpstreamError.permanent(texts.modelNotFound);
  return Promise.all([0, 1].map((n) => adapter.lyrics(ctx, m, prompt, n)));
}

/** `/queue/lyrics-pair`: two drafts from the music provider's lyrics call; paid only when both come. */
export function lyricsRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(
    app,
    M.lyricsPair,
    async ({ body, identity }) => {
      const model = await musicKind.pickModel(ctx, identity.userId, body.modelId);
      const priceKey = priceKeyOf(model, 'lyrics');
      const amount = await quote(ctx.db.kysely, { priceKey, userId: identity.userId }).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return 0; // no price: free
          throw error;
        },
      );
      const held =
        amount > 0
          ? await hold(ctx.db.kysely, {
              userId: identity.userId,
              amount,
              ref: 'music:lyrics',
              priceKey,
            })
          : null;
      let drafts: Draft[];
      try {
        drafts = await draftsOf(ctx, model, body.prompt);
      } catch (error) {
        if (held) await release(ctx.db.kysely, { holdId: held.holdId });
        const reason = error instanceof UpstreamError ? error.message : 'error';
        ctx.log.warn({ err: reason }, 'lyrics failed');
        // The user reads the failure's class in their language; the reason stays in the log.
        throw new AppError(502, failedWith(texts.lyricsFailed, error));
      }
      if (held) await settle(ctx.db.kysely, { holdId: held.holdId, actualAmount: amount });
      return { drafts, credits: amount };
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
}
