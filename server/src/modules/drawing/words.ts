import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { chatAdapterFor } from '../../providers/chat/index.js';
import {
  demoSuggestions,
  demoToChinese,
  demoToEnglish,
  hasCjk,
  keepTypedFlags,
} from './demo-words.js';
import { texts } from './messages.js';
import { wordModel, wordTerms, withWordTerms, type WordModel } from './words-quota.js';

/**
 * Translation and prompt suggestions through a chat model: the first chat model the caller may
 * use, within their free uses of the day or at the `prompt-words:call` price
 * (words-quota.ts); without one, the offline demo answers from a small built-in word list so
 * that a fresh install still does something sensible.
 */

async function ask(m: WordModel, system: string, user: string): Promise<string> {
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
  const ctx = app.ctx;
  const translate = async (userId: number, ip: string, text: string, to: 'en' | 'zh') => {
    const from = hasCjk(text) ? 'zh' : 'en';
    const m = await wordModel(ctx, userId);
    if (!m)
      return {
        ...(to === 'en' ? demoToEnglish(text) : { text: demoToChinese(text), untranslated: [] }),
        from,
        to,
        demo: true,
        credits: 0,
        freeLeft: null,
      };
    const system =
      to === 'en'
        ? 'Translate the user text into English for a Midjourney prompt. Keep every --flag as it is. Answer with the translation only.'
        : 'Translate the user text into simplified Chinese. Keep every --flag as it is. Answer with the translation only.';
    return withWordTerms(ctx, { userId, ip }, m, async (model) => {
      try {
        return { text: await ask(model, system, text), from, to, demo: false, untranslated: [] };
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'translation failed');
        throw new AppError(502, texts.translateFailed);
      }
    });
  };
  route(app, D.wordTerms, async ({ identity, req }) => wordTerms(ctx, identity.userId, req.ip));
  route(
    app,
    D.translateToEn,
    async ({ query, identity, req }) => translate(identity.userId, req.ip, query.text, 'en'),
    limit,
  );
  route(
    app,
    D.translateToZh,
    async ({ query, identity, req }) => translate(identity.userId, req.ip, query.text, 'zh'),
    limit,
  );

  route(
    app,
    D.suggestPrompts,
    async ({ body, identity, req }) => {
      const m = await wordModel(ctx, identity.userId);
      if (!m)
        return {
          suggestions: demoSuggestions(body.prompt, body.count),
          demo: true,
          credits: 0,
          freeLeft: null,
        };
      return withWordTerms(ctx, { userId: identity.userId, ip: req.ip }, m, async (model) => {
        try {
          const answer = await ask(
            model,
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
      });
    },
    limit,
  );
}
