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
import { voiceRoutes } from './voice-routes.js';
import { seedVoice } from './voice-seed.js';
import { voiceProtocols } from '../../providers/voice/index.js';

export { MIND_SYSTEM_PROMPT } from './prompt.js';
export { chatStartsSince } from './figures.js';
export { fetchPublicPicture, PictureFetchError } from './picture-proxy.js';

registerProtocols('chat', chatProtocols);
// The voice kinds speak on the chat protocols' hosts: their connection test is the chat one.
const voiceChecks = Object.fromEntries(
  Object.keys(voiceProtocols).map((p) => [p, chatProtocols[p as keyof typeof chatProtocols]]),
);
registerProtocols('transcription', voiceChecks);
registerProtocols('speech', voiceChecks);

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
    voiceRoutes(app);
  },
  pages(app) {
    sharedPageRoute(app);
  },
  seed: async (ctx) => [...(await seedChatPrices(ctx)), ...(await seedVoice(ctx))],
};
