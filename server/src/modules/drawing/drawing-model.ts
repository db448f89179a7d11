import type { MjFlavour } from '../../providers/image/midjourney-proxy.js';
import type { KindModel, ModelFilter } from '../kind-kit/index.js';
import { isDemoProtocol } from '../providers/index.js';

/** The demo model of the Midjourney screen and of chat drawings. */
export const DEMO_IMAGE_MODEL = 'Offline demo · Midjourney';
export const DEMO_IMAGE_UPSTREAM = 'demo-image';

/** A drawing kind's model: the kit's, with its price prefix and its proxy's flavour. */
export interface DrawingModel extends KindModel {
  /** `demo-image` of `demo-image:imagine`: prices are `<this>:<action>`. */
  priceModel: string;
  provider: KindModel['provider'] & { flavour: MjFlavour };
}

export const drawingModelOf = (m: KindModel): DrawingModel => ({
  ...m,
  priceModel: m.priceKey.split(':')[0]!,
  provider: {
    ...m.provider,
    // The model's upstream name says which midjourney-proxy it is.
    flavour: /trueai/i.test(m.upstreamModel) ? 'trueai' : 'novicezk',
  },
});

/**
 * The demo provider also serves other screens' image models (DALL·E, SD3…): of its models the
 * drawing kinds offer only their own.
 */
export const ownDemoOnly: ModelFilter = (m) =>
  !isDemoProtocol(m.protocol) || m.upstreamModel === DEMO_IMAGE_UPSTREAM;
