import type { AtelierModule } from '../module.js';
import { catalogRoutes, seedCatalog } from './catalog.js';
import { groupRoutes, registerGuestMover } from './groups.js';
import { streamRoutes } from './stream.js';

export { appPrompts } from './app-hook.js';
export { MIND_SYSTEM_PROMPT } from './stream.js';

/**
 * Chat: providers and models (admin and config file), users' own endpoints, groups and logs,
 * and the streamed answers with their hold → settle/release charging.
 */
export const chatModule: AtelierModule = {
  name: 'chat',
  async routes(app) {
    registerGuestMover(app.ctx);
    catalogRoutes(app);
    groupRoutes(app);
    streamRoutes(app);
  },
  seed: (ctx) => seedCatalog(ctx),
};
