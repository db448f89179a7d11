import { klingAdapter } from './kling.js';
import { luma } from './luma.js';
import { newApiVideo } from './newapi-video.js';
import { lumaRelay } from './luma-relay.js';
import { openAiVideo } from './openai-video.js';
import { pika } from './pika.js';
import { runway } from './runway.js';
import { hailuo } from './hailuo.js';
import { jimeng } from './jimeng.js';
import { seedance } from './seedance.js';
import { veo } from './veo.js';
import { vidu } from './vidu.js';
import { wan } from './wan.js';
import type { VideoAdapter } from './types.js';

export { engineSpec } from './newapi-video.js';
export type { Frame, VideoAdapter, VideoJob, VideoState, VideoUpstream } from './types.js';

/** Video adapters by provider protocol (docs/video.md). */
export const videoAdapters: Record<string, VideoAdapter> = {
  runway,
  luma,
  'luma-relay': lumaRelay,
  kling: klingAdapter,
  pika,
  'openai-video': openAiVideo,
  newapi: newApiVideo,
  seedance,
  veo,
  hailuo,
  wan,
  vidu,
  jimeng,
};

export const VIDEO_PROTOCOLS = Object.keys(videoAdapters);
