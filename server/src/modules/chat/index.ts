import type { AtelierModule } from '../module.js';
import { byokRoutes } from './byok-routes.js';
import { groupRoutes } from './group-routes.js';
import { registerGuestMover } from './groups.js';
import { modelRoutes } from './models.js';
import { providerRoutes } from './providers.js';
import { seedChatPrices } from './prices.js';
import { seedCatalog } from './seed.js';
import { streamRoutes } from './stream.js';
import { modelAccessRoutes } from './model-access.js';
import { providerCheckRoutes } from './provider-checks.js';
import { pictureProxyRoutes } from './picture-proxy.js';

export { MIND_SYSTEM_PROMPT } from './prompt.js';
export { chatStartsSince, isEnabledChatModel, modelNames, providerNames } from './figures.js';
export { createModel, modelsWithProvider } from './models.js';
export { boxOf, openProviderKey, PROVIDER_KEY_CONTEXT } from './providers.js';
export { DEMO_PROVIDER, seedDemoModel } from './seed.js';
export type { ProviderProtocol } from './tables.js';
export { modelAllowance } from './model-access.js';
export { fetchPublicPicture, PictureFetchError } from './picture-proxy.js';
export { registerProviderUse, type ProviderUse } from './provider-uses.js';
export {
  registerProviderCheck,
  registerProviderChecks,
  describeFailure,
  type CheckTarget,
  type ProviderCheck,
} from './provider-checks.js';

/**
 * Chat: providers and models (admin and config file), users' own endpoints, groups and logs,
 * and the streamed answers with their hold → settle/release charging.
 */
export const chatModule: AtelierModule = {
  name: 'chat',
  async routes(app) {
    registerGuestMover(app.ctx);
    providerRoutes(app);
    modelRoutes(app);
    byokRoutes(app);
    groupRoutes(app);
    streamRoutes(app);
    modelAccessRoutes(app);
    providerCheckRoutes(app);
    pictureProxyRoutes(app);
  },
  seed: async (ctx) => [...(await seedChatPrices(ctx)), ...(await seedCatalog(ctx))],
};
