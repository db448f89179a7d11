import type { AtelierModule } from './module.js';
import { authModule } from './auth/index.js';
import { sitesModule } from './sites/index.js';
import { creditsModule } from './credits/index.js';
import { paymentsModule } from './payments/index.js';
import { providersModule } from './providers/index.js';
import { chatModule } from './chat/index.js';
import { drawingModule } from './drawing/index.js';
import { appsModule } from './apps/index.js';
import { filesModule } from './files/index.js';
import { tasksModule } from './tasks/index.js';
import { imagesModule } from './images/index.js';
import { stableDiffusionModule } from './stable-diffusion/index.js';
import { videoModule } from './video/index.js';
import { musicModule } from './music/index.js';
import { separationModule } from './separation/index.js';
import { worksModule } from './works/index.js';
import { marketModule } from './market/index.js';
import { adminModule } from './admin/index.js';

/** Every domain of the API, in the order their routes and seeds run. */
export const modules: AtelierModule[] = [
  authModule,
  sitesModule,
  creditsModule,
  paymentsModule,
  providersModule,
  chatModule,
  drawingModule,
  appsModule,
  filesModule,
  tasksModule,
  imagesModule,
  stableDiffusionModule,
  videoModule,
  musicModule,
  separationModule,
  worksModule,
  marketModule,
  adminModule,
];
