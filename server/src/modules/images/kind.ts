import { defineKind, rowView } from '../kind-kit/index.js';
import { imageProtocols } from './image-runner.js';
import { DEMO_PRICES, DEMOS, MORE_DRAW_DEMOS, offersFor, type ImageUse } from './models.js';
import { imageTaskData, imageTaskParams, sd3TaskParams } from './params.js';
import { sd3Protocols } from './sd3-runner.js';

/** Both kinds' texts say "drawing", as the screens do. */
const noun = { 'en-US': 'drawing', 'zh-CN': '绘画', 'zh-TW': '繪畫' };

/** A screen's demo model, seeded with its prices. */
const demoOf = (use: ImageUse, sort: number) => ({
  name: DEMOS[use].name,
  upstreamModel: DEMOS[use].upstream,
  priceKey: `${DEMOS[use].priceModel}:generate`,
  // The /draw kind seeds its FLUX and Gemini demos' prices with its own (index.ts adds them).
  prices: DEMO_PRICES.filter(
    (p) =>
      p.model === DEMOS[use].priceModel ||
      (use === 'draw' && MORE_DRAW_DEMOS.some((d) => d.priceKey.startsWith(`${p.model}:`))),
  ),
  sort,
});

// Both kinds' tasks are listed, read and deleted by the drawing module's calls (draw list
// types 1 and 2, `toDrawTasks`): the kit's view is the row as it is (`rowView`).

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
  demo: demoOf('draw', 1010),
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
  demo: demoOf('sd3', 1011),
});

/** The kind of each screen's models. */
export const imageKinds = { draw: imageKind, sd3: sd3Kind } as const;
