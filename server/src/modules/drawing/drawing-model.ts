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

/**
 * Which midjourney-proxy a model's provider is: its protocol says it (`midjourney-novicezk`,
 * `midjourney-newapi`, else a fork with buttons), and on a fork the model's upstream name
 * `trueai` adds trueai-org's speed prefixes and face swap.
 */
export function flavourOf(protocol: string, upstreamModel: string): MjFlavour {
  if (protocol === 'midjourney-novicezk') return 'novicezk';
  if (protocol === 'midjourney-newapi') return 'newapi';
  return /trueai/i.test(upstreamModel) ? 'trueai' : 'plus';
}

export const drawingModelOf = (m: KindModel): DrawingModel => ({
  ...m,
  priceModel: m.priceKey.split(':')[0]!,
  provider: { ...m.provider, flavour: flavourOf(m.protocol, m.upstreamModel) },
});

/**
 * The demo provider also serves other screens' image models (DALL·E, SD3…): of its models the
 * drawing kinds offer only their own.
 */
export const ownDemoOnly: ModelFilter = (m) =>
  !isDemoProtocol(m.protocol) || m.upstreamModel === DEMO_IMAGE_UPSTREAM;
