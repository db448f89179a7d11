import type { FastifyInstance } from 'fastify';
import * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { countExamplePrompts, removeExamplePrompts } from '../market/index.js';
import { countExampleWorks, removeExampleWorks } from '../works/index.js';

/** How many seeded examples are left (docs/admin.md). */
async function counts(ctx: AppContext) {
  return { works: await countExampleWorks(ctx), prompts: await countExamplePrompts(ctx) };
}

/** The seeded examples: their count, and their removal in one call (they are not made again). */
export function examplesRoutes(app: FastifyInstance): void {
  route(app, A.examplesState, async () => counts(app.ctx));
  route(app, A.removeExamples, async () => {
    // Prompts first: their example pictures are copies of their own, not the works' files.
    const prompts = await removeExamplePrompts(app.ctx);
    const works = await removeExampleWorks(app.ctx);
    return { works, prompts };
  });
}
