import type { MjFlavour } from '../../providers/image/midjourney-proxy.js';
import type { KindAdapter, KindModel, ModelFilter } from '../kind-kit/index.js';
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

/** An `mj` adapter (mj-runner.ts) with the flavour of midjourney-proxy its protocol speaks. */
export type MjProtocol<P, D> = KindAdapter<P, D> & {
  /** The proxy's flavour for a model's upstream name (its buttons, modes, change route). */
  flavour: (upstreamModel: string) => MjFlavour;
};

/** A fork with buttons; the model's upstream name `trueai` adds trueai-org's speed prefixes. */
export const forkFlavour = (upstreamModel: string): MjFlavour =>
  /trueai/i.test(upstreamModel) ? 'trueai' : 'plus';

/**
 * The demo provider also serves other screens' image models (DALL·E, SD3…): of its models the
 * drawing kinds offer only their own.
 */
export const ownDemoOnly: ModelFilter = (m) =>
  !isDemoProtocol(m.protocol) || m.upstreamModel === DEMO_IMAGE_UPSTREAM;
