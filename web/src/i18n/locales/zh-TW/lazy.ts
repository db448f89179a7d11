/**
 * Namespaces of lazy screens, kept out of the first page's bundle: `loadLazyNamespaces()` (in
 * `i18n/index.ts`) adds them when a screen or dialog that uses them loads.
 */
import admin from './admin';
import apps from './apps';
import chat from './chat';
import midjourney from './midjourney';
import images from './images';
import mind from './mind';
import music from './music';
import pay from './pay';
import prompts from './prompts';
import sd from './sd';
import user from './user';
import video from './video';

export default {
  admin,
  user,
  pay,
  apps,
  chat,
  prompts,
  midjourney,
  mind,
  images,
  sd,
  video,
  music,
};
