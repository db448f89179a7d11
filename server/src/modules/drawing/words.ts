import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { chatAdapterFor } from '../../providers/chat/index.js';
import { modelsWithProvider, openProviderKey } from '../chat/index.js';
import {
  demoSuggestions,
  demoToChinese,
  demoToEnglish,
  hasCjk,
  keepTypedFlags,
} from './demo-words.js';
import { texts } from './messages.js';

/**
 * Translation and prompt suggestions through a chat model: the first enabled chat model of a
 * real provider, else the offline demo, which answers from a small built-in word list so that
 * a fresh install still does something sensible.
 */

/** The chat model the words go through (null: the offline demo answers). */
async function wordModel(ctx: AppContext) {
  const row = await modelsWithProvider(ctx.db.kysely)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .where('m.kind', '=', 'chat')
    .where('m.vip_only', '=', 0)
    .where('p.protocol', '=', 'openai')
    .orderBy('m.sort')
    .orderBy('m.id')
    .executeTakeFirst();
  if (!row) return null;
  return {
    model: row.upstream_model,
    timeoutMs: row.timeout_ms,
    provider: {
      protocol: 'openai' as const,
      baseUrl: row.base_url,
      apiKey: openProviderKey(ctx, row.api_key_sealed),
    },
  };
}

async function ask(
  m: NonNullable<Awaited<ReturnType<typeof wordModel>>>,
  system: string,
  user: string,
): Promise<string> {
  let out = '';
  const adapter = chatAdapterFor(m.provider);
  for await (const chunk of adapter.stream({
    model: m.model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    maxTokens: 600,
    temperature: 0.3,
    signal: AbortSignal.timeout(Math.min(m.timeoutMs, 30_000)),
    timeoutMs: Math.min(m.timeoutMs, 30_000),
  }))
    if ('delta' in chunk) out += chunk.delta;
  return out.trim();
}

export function wordRoutes(app: FastifyInstance): void {
  const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };
  const translate = async (text: string, to: 'en' | 'zh') => {
    const m = await wordModel(app.ctx);
    const from = hasCjk(text) ? 'zh' : 'en';
    if (!m)
      return {
        ...(to === 'en' ? demoToEnglish(text) : { text: demoToChinese(text), untranslated: [] }),
        from,
        to,
        demo: true,
      };
    try {
      const system =
        to === 'en'
          ? 'Translate the user text into English for a Midjourney prompt. Keep every --flag as it is. Answer with the translation only.'
          : 'Translate the user text into simplified Chinese. Keep every --flag as it is. Answer with the translation only.';
      return { text: await ask(m, system, text), from, to, demo: false, untranslated: [] };
    } catch (error) {
      app.log.warn({ err: (error as Error).message }, 'translation failed');
      throw new AppError(502, texts.translateFailed);
    }
  };
  route(app, D.translateToEn, async ({ query }) => translate(query.text, 'en'), limit);
  route(app, D.translateToZh, async ({ query }) => translate(query.text, 'zh'), limit);

  route(
    app,
    D.suggestPrompts,
    async ({ body }) => {
      const m = await wordModel(app.ctx);
      if (!m) return { suggestions: demoSuggestions(body.prompt, body.count), demo: true };
      try {
        const answer = await ask(
          m,
          `You write Midjourney prompts. From the user's idea write ${body.count} richer English prompts (subject, setting, style, lighting, and fitting flags such as --ar). One per line, no numbering, nothing else.`,
          body.prompt,
        );
        const suggestions = answer
          .split('\n')
          .map((l) => l.replace(/^\s*(\d+[.)、]|[-*•])\s*/, '').trim())
          .filter(Boolean)
          .slice(0, body.count)
          .map((s) => keepTypedFlags(body.prompt, s));
        return { suggestions, demo: false };
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'prompt suggestions failed');
        throw new AppError(502, texts.translateFailed);
      }
    },
    limit,
  );
}
