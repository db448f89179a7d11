import { UpstreamError, type StepOutcome, type TaskRunner } from '../tasks/index.js';
import { cropStep, wholeStep } from './local-steps.js';
import { texts } from './messages.js';
import { musicModelById } from './models.js';
import { paramsOf } from './params.js';
import { musicProtocols } from './protocols.js';

/**
 * Kind `music`: `create` and `extend` go to the model's protocol (musicProtocols: New API task
 * format, gcui suno-api, the offline demo); `crop` is ours; `whole` is the upstream's concat
 * where the protocol offers it (with the source's upstream clip id), else our concatenation.
 */
export const musicRunner: TaskRunner = {
  kind: 'music',
  timeoutMs: 20 * 60_000,
  async submit(task, io): Promise<StepOutcome> {
    if (task.action === 'crop') return cropStep(task, io);
    const p = paramsOf(task.params);
    const model = p.modelId ? await musicModelById(io.ctx, p.modelId) : null;
    if (task.action === 'whole') {
      if (model && musicProtocols[model.protocol].concat && p.sourceClipId)
        return musicProtocols[model.protocol].submit(task, io, model);
      return wholeStep(task, io);
    }
    if (!model) throw UpstreamError.permanent(texts.modelNotFound);
    return musicProtocols[model.protocol].submit(task, io, model);
  },
  async poll(task, io): Promise<StepOutcome> {
    const p = paramsOf(task.params);
    const model = p.modelId ? await musicModelById(io.ctx, p.modelId) : null;
    if (!model) throw UpstreamError.permanent(texts.modelNotFound);
    return musicProtocols[model.protocol].poll(task, io, model);
  },
};
