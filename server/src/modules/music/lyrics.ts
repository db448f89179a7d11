import type { FastifyInstance } from 'fastify';
import { music as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { demoLyrics } from '../../providers/music/demo-lyrics.js';
import * as gcui from '../../providers/music/gcui-suno.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import { UpstreamError } from '../../providers/errors.js';
import { hold, quote, release, settle } from '../credits/index.js';
import { texts } from './messages.js';
import { pickMusicModel, priceKeyOf, type MusicModel } from './models.js';

type Draft = { title: string; text: string };

/** A New API lyrics task, polled until it is done (lyrics take seconds). */
async function newApiLyrics(ctx: AppContext, m: MusicModel, prompt: string): Promise<Draft> {
  const id = await newapi.submitLyrics(m.upstream, prompt);
  const until = Date.now() + 90_000;
  for (;;) {
    const t = await newapi.fetchTask(m.upstream, id);
    if (t.status === 'SUCCESS' && t.lyrics) return t.lyrics;
    if (t.status === 'FAILURE')
      throw new UpstreamError(t.failReason || 'FAILURE', 'permanent', 'refused');
    if (Date.now() > until) throw UpstreamError.transient('lyrics: no answer in time', 'timeout');
    await new Promise((r) => setTimeout(r, Math.min(ctx.config.music.pollMs, 2000)));
  }
}

async function draftsOf(ctx: AppContext, m: MusicModel, prompt: string): Promise<Draft[]> {
  if (m.protocol === 'demo') return [demoLyrics(prompt, 0), demoLyrics(prompt, 1)];
  if (m.protocol === 'suno-api')
    return Promise.all([
      gcui.generateLyrics(m.upstream, prompt),
      gcui.generateLyrics(m.upstream, prompt),
    ]);
  return Promise.all([newApiLyrics(ctx, m, prompt), newApiLyrics(ctx, m, prompt)]);
}

/** `/queue/lyrics-pair`: two drafts from the music provider's lyrics call; paid only when both come. */
export function lyricsRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(
    app,
    M.lyricsPair,
    async ({ body, identity }) => {
      const model = await pickMusicModel(ctx, identity.userId, body.modelId);
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
        throw new AppError(502, texts.lyricsFailed, { reason: reason.slice(0, 200) });
      }
      if (held) await settle(ctx.db.kysely, { holdId: held.holdId, actualAmount: amount });
      return { drafts, credits: amount };
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
}
