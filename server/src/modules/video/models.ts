import type { video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { engineSpec, videoAdapters, type VideoAdapter } from '../../providers/video/index.js';
import { NO_OPTIONS, type Capabilities, type VideoOptions } from '../../providers/video/types.js';
import type { KindModel } from '../kind-kit/index.js';

export const DEMO_VIDEO_MODEL = 'Offline demo · Video';

/** A video model: the kit's, with what its upstream can do (its adapter's extras). */
export interface VideoModelRow extends KindModel {
  /** `demo-video` of `demo-video:generate`: prices are `<this>:<action>`. */
  priceModel: string;
  adapter: VideoAdapter | null;
  capabilities: Capabilities & { anime: boolean };
  durations: number[];
  aspects: V.VideoAspect[];
  /** Resolutions, camera fixed, audio: what only some models take. */
  options: VideoOptions;
}

const DEMO_CAPS: Capabilities = {
  text: true,
  firstFrame: true,
  lastFrame: true,
  extend: true,
  camera: true,
  motionBrush: true,
};

/** Typical seconds a clip takes upstream (the demo: its eight steps). */
export const typicalSeconds = (ctx: AppContext, m: VideoModelRow) =>
  m.demo ? Math.ceil((ctx.config.video.demoStepMs * 9) / 1000) : 120;

/** A model of the kind with its protocol's extras (the demo can do everything). */
export function videoModelOf(m: KindModel): VideoModelRow {
  const adapter = Object.hasOwn(videoAdapters, m.protocol) ? videoAdapters[m.protocol]! : null;
  // Anime-style human video: a model the operator names for it ('anime' in its upstream name).
  const anime = m.demo || /anime/i.test(m.upstreamModel);
  // The model's own abilities where they differ from its protocol's (Runway, Kling). A demo
  // model named after an engine (`doubao-seedance-…`, `veo-3…`) offers what that one offers,
  // so its form can be tried with no key (the demo renders the clip).
  const own = (m.demo ? engineSpec(m.upstreamModel) : adapter?.spec?.(m.upstreamModel)) ?? {};
  return {
    ...m,
    priceModel: m.priceKey.split(':')[0]!,
    adapter,
    capabilities: { ...(own.capabilities ?? adapter?.capabilities ?? DEMO_CAPS), anime },
    durations: own.durations ?? adapter?.durations ?? [3, 5, 10],
    aspects: own.aspects ?? adapter?.aspects ?? ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
    options: own.options ?? adapter?.options ?? NO_OPTIONS,
  };
}
