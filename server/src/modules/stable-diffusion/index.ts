import { registerProtocols } from '../providers/index.js';
import { registerTaskKind } from '../tasks/index.js';
import type { AtelierModule } from '../module.js';
import { adminModelRoutes } from './admin-models.js';
import { adminRoutes } from './admin-routes.js';
import { sdRoutes } from './routes.js';
import { sdProtocols, sdRunner } from './sd-runner.js';
import { seedStableDiffusion } from './seed.js';
import { toolRoutes } from './tool-routes.js';
import { toolProtocols, toolRunner } from './tool-runner.js';
import { registerSdProviderUses } from './provider-uses.js';

/**
 * Stable Diffusion: the model square (kind `sd`: AUTOMATIC1111/Forge, ComfyUI with an
 * operator's mapped workflow, or the offline demo) and the AI toolbox (kind `sd-tool`: upscale,
 * restore, remove background, face swap, remix, redraw, each served by the provider the
 * operator maps it to: A1111, ComfyUI, Stability, OpenAI edits, a midjourney-proxy, else the
 * offline demo). See docs/stable-diffusion.md.
 */
registerSdProviderUses();
registerProtocols('sd', sdProtocols);
registerProtocols('sd-tool', toolProtocols);

export const stableDiffusionModule: AtelierModule = {
  name: 'stable-diffusion',
  async routes(app) {
    registerTaskKind(app.ctx, sdRunner);
    registerTaskKind(app.ctx, toolRunner);
    sdRoutes(app);
    toolRoutes(app);
    adminRoutes(app);
    adminModelRoutes(app);
  },
  seed: seedStableDiffusion,
};
