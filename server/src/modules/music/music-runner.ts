import { UpstreamError, type StepOutcome, type TaskRunner } from '../tasks/index.js';
import { cropStep, demoStep, wholeStep } from './local-steps.js';
import { texts } from './messages.js';
import { musicModelById } from './models.js';
import { paramsOf } from './params.js';
import { upstreamPoll, upstreamSubmit } from './upstream-steps.js';

/**
 * Kind `music`: `create` and `extend` go to the model's upstream (New API task format, gcui
 * suno-api) or the offline demo; `crop` is ours; `whole` is the upstream's concat where the
 * model offers it (suno-api, with the source's upstream clip id), else our concatenation.
 */
export const musicRunner: TaskRunner = {
  kind: 'music',
  timeoutMs: 20 * 60_000,
  async submit(task, io): Promise<StepOutcome> {
    if (task.action === 'crop') return cropStep(task, io);
    const p = paramsOf(task.params);
    const model = p.modelId ? await musicModelById(io.ctx, p.modelId) : null;
    if (task.action === 'whole') {
      if (model?.protocol === 'suno-api' && p.sourceClipId) return upstreamSubmit(task, io, model);
      return wholeStep(task, io);
    }
    if (!model) throw UpstreamError.permanent(texts.modelNotFound);
    if (model.protocol === 'demo') return demoStep(task, io);
    return upstreamSubmit(task, io, model);
  },
  async poll(task, io): Promise<StepOutcome> {
    const p = paramsOf(task.params);
    const model = p.modelId ? await musicModelById(io.ctx, p.modelId) : null;
    if (!model) throw UpstreamError.permanent(texts.modelNotFound);
    return upstreamPoll(task, io, model);
  },
};
