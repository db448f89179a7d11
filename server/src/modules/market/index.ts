import type { AtelierModule } from '../module.js';
import { marketAdminRoutes } from './admin.js';
import { marketRoutes } from './routes.js';
import { seedExamplePrompts, seedMarket } from './seed.js';

export { countExamplePrompts, removeExamplePrompts } from './seed.js';

export { togglePromptCollect, togglePromptLike, type ToggleResult } from './marks.js';

/**
 * The prompt market (docs/market.md): published prompts in categories, likes, collections,
 * uses, reports and moderation. Prompt likes and collections sit behind `togglePromptLike` /
 * `togglePromptCollect` (marks.ts) so the generic ones of the works module can replace them.
 */
export const marketModule: AtelierModule = {
  name: 'market',
  async routes(app) {
    marketRoutes(app);
    marketAdminRoutes(app);
  },
  async seed(ctx) {
    const added = await seedMarket(ctx);
    const examples = await seedExamplePrompts(ctx);
    return [
      ...(added ? [`Market: ${added} categories added`] : []),
      ...(examples ? [`Market: ${examples} example prompts added (SEED_EXAMPLES)`] : []),
    ];
  },
};
