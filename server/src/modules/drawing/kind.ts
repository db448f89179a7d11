import { defineKind, rowView } from '../kind-kit/index.js';
import { chatDrawData, chatDrawParams, chatDrawProtocols } from './chat-draw-runner.js';
import { ownDemoOnly } from './drawing-model.js';
import { mjTaskData, mjTaskParams } from './mj-params.js';
import { mjProtocols } from './mj-runner.js';

const noun = { 'en-US': 'drawing', 'zh-CN': '绘画', 'zh-TW': '繪畫' };

// The drawing kinds' tasks are listed with the images module's by the draw lists
// (`toDrawTasks`, several kinds at once): the kit's view is the row as it is (`rowView`).

/**
 * `mj`: Midjourney through a midjourney-proxy, or the offline demo. Its models follow the
 * console's allow lists, as chat's do; its demo model and prices are seeded by the module
 * (`prices.ts`, `seedImageModel`), with the chat drawings' prices.
 */
export const mjKind = defineKind({
  kind: 'mj',
  modelKind: 'image',
  label: 'Drawing',
  noun,
  params: mjTaskParams,
  data: mjTaskData,
  protocols: mjProtocols,
  offers: ownDemoOnly,
  access: true,
  view: rowView,
});

/** `chat-draw`: one picture from a chat message, on an OpenAI-protocol model or the demo. */
export const chatDrawKind = defineKind({
  kind: 'chat-draw',
  modelKind: 'image',
  label: 'Drawing',
  noun,
  params: chatDrawParams,
  data: chatDrawData,
  protocols: chatDrawProtocols,
  offers: ownDemoOnly,
  access: true,
  view: rowView,
});

/** The kind of each drawing screen's models. */
export const drawingKinds = { mj: mjKind, 'chat-draw': chatDrawKind } as const;
