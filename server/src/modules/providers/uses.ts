import type { AppContext } from '../../context.js';
import { conflict } from '../../http/errors.js';
import { languages, type Localized } from '../../http/messages.js';
import { countActive } from '../tasks/index.js';
import { texts } from './messages.js';

/*
 * What refuses a provider's delete: every record that names it (docs/admin.md, Deleting a
 * provider). Each owner registers how to count its records and how to say them
 * (`registerProviderUse`): models and tasks here, the Stable Diffusion square and the
 * toolbox's operations in their module. A provider still in use answers 409 with the counts.
 */

export interface ProviderUse {
  /** How many records name the provider. */
  count: (ctx: AppContext, providerId: number) => Promise<number>;
  /** The records in words, `{n}` their number: "models ({n})". */
  text: Localized;
}

const uses: ProviderUse[] = [];

export function registerProviderUse(use: ProviderUse): void {
  uses.push(use);
}

registerProviderUse({
  text: texts.useModels,
  count: async (ctx, providerId) => {
    const { n } = await ctx.db.kysely
      .selectFrom('chat_models')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    return Number(n);
  },
});

registerProviderUse({
  text: texts.useTasks,
  count: (ctx, providerId) => countActive(ctx, { providerId }),
});

/** Throws a 409 naming what still uses the provider, e.g. "models (3), queued or running tasks (2)". */
export async function assertProviderUnused(ctx: AppContext, providerId: number): Promise<void> {
  const found: Array<{ n: number; text: Localized }> = [];
  for (const use of uses) {
    const n = await use.count(ctx, providerId);
    if (n > 0) found.push({ n, text: use.text });
  }
  if (found.length === 0) return;
  const separator = { 'en-US': ', ', 'zh-CN': '、', 'zh-TW': '、' } as const;
  // The list is worded per language, so the text is put together here, not by one parameter.
  const reason = Object.fromEntries(
    languages.map((lang) => {
      const what = found.map((f) => f.text[lang].replace('{n}', String(f.n)));
      return [lang, texts.providerInUse[lang].replace('{uses}', what.join(separator[lang]))];
    }),
  ) as Localized;
  throw conflict(reason);
}
