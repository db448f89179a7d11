import type { AtelierModule } from '../module.js';
import { modelAccessRoutes, modelRoutes, providerCheckRoutes, providerRoutes } from './routes.js';
import { seedCatalog } from './seed.js';

export { createModel, modelsWithProvider } from './models.js';
export {
  demoProviderId,
  enabledProviderIds,
  isEnabledChatModel,
  modelNames,
  openedProvider,
  providerNames,
  type OpenedProvider,
} from './figures.js';
export { boxOf, openProviderKey, PROVIDER_KEY_CONTEXT } from './providers.js';
export { DEMO_PROVIDER, seedDemoModel } from './seed.js';
export {
  DEMO_PROTOCOL,
  isDemoProtocol,
  isKnownProtocol,
  knownProtocols,
  registerProtocols,
  registerProviderCheck,
} from './protocols.js';
export type { ModelKind, ProviderProtocol } from './tables.js';
export { modelAllowance } from './model-access.js';
export { cachedCatalogueRead, forgetCatalogue } from './catalogue-cache.js';
export { registerProviderUse, type ProviderUse } from './uses.js';
export { describeFailure, type CheckTarget, type ProviderCheck } from './checks.js';

/**
 * Providers: the upstreams (`chat_providers`) and the models they serve for every kind
 * (`chat_models`, with per-model allow lists), their console and config-file entries, the
 * "test connection" registry every kind's adapter map fills, and the one model lookup
 * (`modelsWithProvider`) chat and every kind read models through.
 */
export const providersModule: AtelierModule = {
  name: 'providers',
  async routes(app) {
    providerRoutes(app);
    modelRoutes(app);
    modelAccessRoutes(app);
    providerCheckRoutes(app);
  },
  seed: (ctx) => seedCatalog(ctx),
};
