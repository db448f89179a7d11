import { defineKind } from '../kind-kit/index.js';
import type { TaskRow } from '../tasks/index.js';
import { imageProtocols } from './image-runner.js';
import { DEMO_PRICES, DEMOS, offersFor } from './models.js';
import { imageTaskData, imageTaskParams, sd3TaskParams } from './params.js';
import { sd3Protocols } from './sd3-runner.js';

/** Both kinds' texts say "drawing", as the screens do. */
const noun = { 'en-US': 'drawing', 'zh-CN': '绘画', 'zh-TW': '繪畫' };

/**
 * The images module's tasks are listed, read and deleted by the drawing module's calls (draw
 * list types 1 and 2, `toDrawTasks`), so the kit's own view is the row as it is.
 */
const rowView = (task: TaskRow) => task;

/** `image`: DALL·E / gpt-image pictures and edits (/draw), on OpenAI-protocol models. */
export const imageKind = defineKind({
  kind: 'image',
  modelKind: 'image',
  label: 'Images',
  noun,
  params: imageTaskParams,
  data: imageTaskData,
  protocols: imageProtocols,
  offers: offersFor('draw'),
  view: rowView,
  demo: {
    name: DEMOS.draw.name,
    upstreamModel: DEMOS.draw.upstream,
    priceKey: `${DEMOS.draw.priceModel}:generate`,
    prices: DEMO_PRICES.filter((p) => p.model === DEMOS.draw.priceModel),
    sort: 1010,
  },
});

/** `sd3`: Stability SD3 pictures, text-to-image and image-to-image (/sd3). */
export const sd3Kind = defineKind({
  kind: 'sd3',
  modelKind: 'image',
  label: 'Images',
  noun,
  params: sd3TaskParams,
  data: imageTaskData,
  protocols: sd3Protocols,
  offers: offersFor('sd3'),
  view: rowView,
  demo: {
    name: DEMOS.sd3.name,
    upstreamModel: DEMOS.sd3.upstream,
    priceKey: `${DEMOS.sd3.priceModel}:generate`,
    prices: DEMO_PRICES.filter((p) => p.model === DEMOS.sd3.priceModel),
    sort: 1011,
  },
});

/** The kind of each screen's models. */
export const imageKinds = { draw: imageKind, sd3: sd3Kind } as const;
