import type { AppContext } from '../../context.js';
import { defineKind, wrapAdapters, type KindAdapter, type KindModel } from '../kind-kit/index.js';
import { cropStep, wholeStep } from './local-steps.js';
import { musicModelOf } from './models.js';
import { musicData, musicParams, type MusicData, type MusicParams } from './params.js';
import { PRICES } from './prices.js';
import { musicProtocols, type Draft } from './protocols.js';
import { toMusicTask } from './view.js';

export const DEMO_MUSIC_MODEL = 'Offline demo · Suno';

/** A music protocol as the kit holds it: submit and poll, a lyrics draft, its own concat. */
export interface MusicAdapter extends KindAdapter<MusicParams, MusicData> {
  lyrics(ctx: AppContext, m: KindModel, prompt: string, n: number): Promise<Draft>;
  concat: boolean;
}

const adapters = wrapAdapters(musicProtocols, (p): MusicAdapter => ({
  submit: (j) => p.submit(j.task, j.io, musicModelOf(j.model)),
  poll: (j) => p.poll(j.task, j.io, musicModelOf(j.model)),
  lyrics: (ctx, m, prompt, n) => p.lyrics(ctx, musicModelOf(m), prompt, n),
  concat: p.concat,
}));

/**
 * The `music` kind: `create` and `extend` go to the model's protocol (musicProtocols: New API
 * task format, gcui suno-api, the offline demo); `crop` is ours; `whole` is the upstream's
 * concat where the protocol offers it (with the source's upstream clip id), else our
 * concatenation.
 */
export const musicKind = defineKind({
  kind: 'music',
  modelKind: 'music',
  label: 'Music',
  noun: { 'en-US': 'music', 'zh-CN': '音乐', 'zh-TW': '音樂' },
  params: musicParams,
  // A view never fails on a task's data: what is not a music task's reads as none.
  data: musicData.catch({}),
  protocols: adapters,
  ownStep(which, { task, params, model, adapter, io }) {
    if (which !== 'submit') return null;
    if (task.action === 'crop') return cropStep(task, io);
    if (task.action === 'whole' && !(model && adapter?.concat && params.sourceClipId))
      return wholeStep(task, io);
    return null;
  },
  view: (task, _parsed, model, lang) => toMusicTask(task, lang, model),
  timeoutMs: 20 * 60_000,
  demo: {
    name: DEMO_MUSIC_MODEL,
    upstreamModel: 'chirp-v4',
    priceKey: 'demo-music:song',
    prices: PRICES,
  },
});
