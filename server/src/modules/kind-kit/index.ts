export {
  defineKind,
  wrapAdapters,
  type Kind,
  type KindAdapter,
  type KindDefinition,
  type KindJob,
  type KindParams,
  type KindModel,
} from './define.js';
export { kindTexts, type KindTexts } from './messages.js';
