export {
  defineKind,
  rowView,
  wrapAdapters,
  type Kind,
  type KindAdapter,
  type KindDefinition,
  type KindJob,
  type KindParams,
  type KindModel,
  type ModelFilter,
} from './define.js';
export { kindTexts, type KindTexts } from './messages.js';
