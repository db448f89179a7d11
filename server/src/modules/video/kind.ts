import { videoAdapters } from '../../providers/video/index.js';
import { defineKind, wrapAdapters, type KindAdapter } from '../kind-kit/index.js';
import { DEMO_VIDEO_MODEL, videoModelOf } from './models.js';
import { videoData, videoParams, type VideoData, type VideoParams } from './params.js';
import { PRICES } from './prices.js';
import { demoVideo, pollUpstream, runCut, submitUpstream } from './runner.js';
import { toVideoTask } from './view.js';

type VideoKindAdapter = KindAdapter<VideoParams, VideoData>;

/** Every video upstream (providers/video/index.ts) as the kit calls it. */
const upstreams = wrapAdapters(videoAdapters, (): VideoKindAdapter => ({
  submit: (j) => submitUpstream(j.io.ctx, j.task, videoModelOf(j.model), j.io),
  poll: (j) => pollUpstream(j.io.ctx, j.task, videoModelOf(j.model), j.io),
}));

/**
 * The `video` kind: every action of every video upstream (and the offline demo, and free cuts
 * made here with ffmpeg). Results are copied into storage with a poster frame; the upstream's
 * callbacks (callback.ts) and the polls both lead there, and the engine ends a task once
 * whichever comes first.
 */
export const videoKind = defineKind({
  kind: 'video',
  modelKind: 'video',
  label: 'Video',
  noun: { 'en-US': 'video', 'zh-CN': '视频', 'zh-TW': '影片' },
  params: videoParams,
  data: videoData,
  protocols: {
    ...upstreams,
    demo: {
      submit: (j) => demoVideo.submit(j.task, j.io),
      poll: (j) => demoVideo.poll(j.task, j.io),
    },
  },
  // A cut is ours (ffmpeg), whatever the model.
  ownStep: (which, { task, io }) =>
    which === 'submit' && task.action === 'cut' ? runCut(io.ctx, task, io) : null,
  view: (task, parsed, model, lang, at) =>
    toVideoTask(at.ctx, task, lang, parsed, model && videoModelOf(model), at.position),
  queued: true,
  timeoutMs: 30 * 60_000,
  demo: {
    name: DEMO_VIDEO_MODEL,
    upstreamModel: 'demo-video',
    priceKey: 'demo-video:generate',
    prices: PRICES,
  },
});
