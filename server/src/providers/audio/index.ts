import { audioSeparator, type SeparatorAdapter } from './audio-separator.js';
import { audioSeparatorCloudRun } from './audio-separator-cloudrun.js';

export {
  pickStems,
  type SeparationInput,
  type SeparatorAdapter,
  type SeparatorConfig,
  type SeparatorStatus,
} from './audio-separator.js';

/** Separation upstreams by provider protocol (docs/separation.md). */
export const separatorAdapters: Record<string, SeparatorAdapter> = {
  'audio-separator': audioSeparator,
  'audio-separator-cloudrun': audioSeparatorCloudRun,
};
