import { chatProtocols } from '../../providers/chat/index.js';
import type { AtelierModule } from '../module.js';
import { registerProtocols } from '../providers/index.js';
import { byokRoutes } from './byok-routes.js';
import { groupRoutes } from './group-routes.js';
import { registerGuestMover } from './groups.js';
import { seedChatPrices } from './prices.js';
import { streamRoutes } from './stream.js';
import { pictureProxyRoutes } from './picture-proxy.js';
import { toolRoutes } from './tools-routes.js';
import { chatFileRoutes } from './file-routes.js';
import { registerChatFilesMover } from './chat-files.js';
import { sharedPageRoute, shareRoutes } from './share-routes.js';

export { MIND_SYSTEM_PROMPT } from './prompt.js';
export { chatStartsSince } from './figures.js';
export { fetchPublicPicture, PictureFetchError } from './picture-proxy.js';

registerProtocols('chat', chatProtocols);

/**
 * Chat: users' own endpoints, groups and logs, and the streamed answers with their
 * hold → settle/release charging. Its models and their providers are the providers module's.
 */
export const chatModule: AtelierModule = {
  name: 'chat',
  async routes(app) {
    registerGuestMover(app.ctx);
    registerChatFilesMover(app.ctx);
    byokRoutes(app);
    groupRoutes(app);
    streamRoutes(app);
    pictureProxyRoutes(app);
    toolRoutes(app);
    chatFileRoutes(app);
    shareRoutes(app);
  },
  pages(app) {
    sharedPageRoute(app);
  },
  seed: (ctx) => seedChatPrices(ctx),
};
