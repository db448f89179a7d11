/**
 * Namespaces of lazy screens, kept out of the first page's bundle: `loadLazyNamespaces()` (in
 * `i18n/index.ts`) adds them when a screen or dialog that uses them loads.
 */
import admin from './admin';
import apps from './apps';
import market from './market';
import chat from './chat';
import midjourney from './midjourney';
import images from './images';
import mind from './mind';
import music from './music';
import pay from './pay';
import prompts from './prompts';
import sd from './sd';
import separation from './separation';
import user from './user';
import video from './video';
import works from './works';

export default {
  admin,
  apps,
  market,
  chat,
  midjourney,
  images,
  mind,
  music,
  pay,
  prompts,
  sd,
  separation,
  user,
  video,
  works,
};
