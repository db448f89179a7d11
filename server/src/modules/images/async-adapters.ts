import { pollJimengImage, submitJimengImage } from '../../providers/image/jimeng-image.js';
import {
  checkReplicate,
  getUrlOf,
  pollReplicate,
  submitReplicate,
} from '../../providers/image/replicate.js';
import { checkJimeng } from '../../providers/jimeng.js';
import type { KindAdapter } from '../kind-kit/index.js';
import { imageModelOf } from './models.js';
import type { ImageTaskData, ImageTaskParams } from './params.js';
import { asyncPictureRequest, submittedPicture, worded } from './runner-support.js';

/** What a Replicate task keeps between its submit and its polls. */
interface ReplicateData extends ImageTaskData {
  getUrl?: string;
}

/**
 * A `replicate` adapter: FLUX models on Replicate, asynchronous. The submit creates the
 * prediction (`/v1/models/{owner}/{name}/predictions`, or `/v1/predictions` with a version) and
 * keeps its `urls.get`; each poll reads it until `succeeded` gives the output's link
 * (replicate.delivery deletes it within the hour: the engine copies it at once). A failed
 * prediction (the safety filter's E005 among them) fails at once, nothing charged.
 */
export const replicateAdapter: KindAdapter<ImageTaskParams, ImageTaskData> = {
  async submit(job) {
    const format = job.params.form.outputFormat === 'jpeg' ? 'jpg' : 'png';
    // Outside the refusal's wording: a deleted reference fails the task in its own words.
    const request = await asyncPictureRequest(job);
    try {
      const out = await submitReplicate({ ...request, outputFormat: format });
      return submittedPicture(job.io.ctx, out.id, { getUrl: out.getUrl });
    } catch (error) {
      return worded(error);
    }
  },
  async poll({ task, params: p, data, model, io }) {
    const m = imageModelOf('draw', model);
    const getUrl =
      (data as ReplicateData).getUrl ?? getUrlOf(m.provider.baseUrl, task.upstreamId ?? '');
    try {
      const s = await pollReplicate(
        { apiKey: m.provider.apiKey, timeoutMs: m.provider.timeoutMs, signal: io.signal },
        getUrl,
      );
      if (s.state === 'pending')
        return {
          type: 'progress',
          progress: Math.max(task.progress, s.progress),
          pollAfterMs: io.ctx.config.drawing.pollMs,
        };
      const ext = p.form.outputFormat === 'jpeg' ? 'jpg' : 'png';
      return {
        type: 'done',
        files: [{ url: s.url, name: `image-${task.id}.${ext}` }],
        data: { finalPrompt: task.prompt, params: { seed: p.seed % 2 ** 31 } },
      };
    } catch (error) {
      return worded(error);
    }
  },
  checkConnection: checkReplicate,
};

/**
 * A `jimeng` adapter: Jimeng pictures on Volcengine's visual API (signed), asynchronous: the
 * submit's `task_id` is polled with the model's `req_key` until `done` answers the link (24 h:
 * copied at once). The filter's refusals (50411–50413 before, 50511 after drawing) fail at once.
 */
export const jimengImageAdapter: KindAdapter<ImageTaskParams, ImageTaskData> = {
  async submit(job) {
    // Outside the refusal's wording: a deleted reference fails the task in its own words.
    const request = await asyncPictureRequest(job);
    try {
      return submittedPicture(job.io.ctx, await submitJimengImage(request));
    } catch (error) {
      return worded(error);
    }
  },
  async poll({ task, params: p, model, io }) {
    const m = imageModelOf('draw', model);
    try {
      const s = await pollJimengImage(
        { ...m.provider, signal: io.signal },
        m.upstreamModel,
        task.upstreamId ?? '',
      );
      if (s.state === 'pending')
        return {
          type: 'progress',
          progress: Math.max(task.progress, s.progress),
          pollAfterMs: io.ctx.config.drawing.pollMs,
        };
      const name = `image-${task.id}.png`;
      return {
        type: 'done',
        files: ['url' in s ? { url: s.url, name } : { bytes: s.bytes, name }],
        data: { finalPrompt: task.prompt, params: { seed: p.seed % 2 ** 31 } },
      };
    } catch (error) {
      return worded(error);
    }
  },
  checkConnection: (p, signal) => checkJimeng(p, signal),
};
