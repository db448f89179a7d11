import type { FirstPaintKey } from './first-paint-texts.js';

// The screens the first paint draws as a form of labelled fields (`/draw`, `/sd3`, `/video`,
// `/music`: docs/web.md, First paint), read from their composers in web/src/features.
// `modes`: the mode switch (before the model's select, or after it with `modesAfter`);
// `card`: `/music`'s form, a bordered card in a 400 px column with larger labels.

/** What a picture or video screen paints: its texts, the box's length, any mode switch. */
export const FIELD_SCREENS = {
  dalle: {
    title: 'menu:draw',
    description: 'screens:draw',
    model: 'images:model',
    prompt: 'images:prompt',
    placeholder: 'images:promptPlaceholder',
    maxLength: 4000,
    modes: null,
    modesAfter: false,
    card: false,
  },
  sd3: {
    title: 'menu:sd3',
    description: 'screens:sd3',
    model: 'images:model',
    prompt: 'images:prompt',
    placeholder: 'images:promptPlaceholder',
    maxLength: 10000,
    modes: ['images:textToImage', 'images:imageToImage'],
    modesAfter: false,
    card: false,
  },
  video: {
    title: 'menu:video',
    description: 'screens:video',
    model: 'video:model',
    prompt: 'video:prompt',
    placeholder: 'video:promptPlaceholder',
    maxLength: 2000,
    modes: null,
    modesAfter: false,
    card: false,
  },
  music: {
    title: 'menu:music',
    description: 'screens:music',
    model: 'music:compose.model',
    prompt: 'music:compose.prompt',
    placeholder: 'music:compose.promptPlaceholder',
    maxLength: 500,
    modes: ['music:compose.inspiration', 'music:compose.custom'],
    modesAfter: true,
    card: true,
  },
} as const satisfies Record<
  string,
  {
    title: FirstPaintKey;
    description: FirstPaintKey;
    model: FirstPaintKey;
    prompt: FirstPaintKey;
    placeholder: FirstPaintKey;
    maxLength: number;
    modes: readonly FirstPaintKey[] | null;
    modesAfter: boolean;
    card: boolean;
  }
>;
