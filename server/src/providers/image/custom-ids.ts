import type { drawing } from '@atelier/contracts';

type DrawAction = drawing.DrawAction;
type DrawButton = drawing.DrawButton;

/**
 * Midjourney's button ids (`customId`) as midjourney-proxy passes them through from Discord.
 * The server reads a button back into an action to price it and to know whether it opens a
 * modal (custom zoom, vary region, or remix when a prompt is sent).
 */
export interface ParsedCustomId {
  action: DrawAction;
  /** U1–U4 / V1–V4: the picture of the grid (1–4); 1 for SOLO buttons. */
  index: number;
  /** The upstream message hash the button belongs to. */
  hash: string;
  /** Zoom out factor (1.5, 2) for Outpaint buttons. */
  zoom?: number;
  pan?: 'left' | 'right' | 'up' | 'down';
  /** The upstream answers with a modal (code 21) that needs `/mj/submit/modal`. */
  modal: boolean;
}

const HASH = '([A-Za-z0-9_-]{1,80})';
const patterns: Array<[RegExp, (m: RegExpMatchArray) => ParsedCustomId]> = [
  [
    new RegExp(`^MJ::JOB::upsample::([1-4])::${HASH}$`),
    (m) => ({ action: 'upscale', index: Number(m[1]), hash: m[2]!, modal: false }),
  ],
  [
    new RegExp(`^MJ::JOB::variation::([1-4])::${HASH}$`),
    (m) => ({ action: 'variation', index: Number(m[1]), hash: m[2]!, modal: false }),
  ],
  [
    new RegExp(`^MJ::JOB::reroll::0::${HASH}::SOLO$`),
    (m) => ({ action: 'reroll', index: 1, hash: m[1]!, modal: false }),
  ],
  [
    new RegExp(`^MJ::JOB::high_variation::1::${HASH}::SOLO$`),
    (m) => ({ action: 'high_variation', index: 1, hash: m[1]!, modal: false }),
  ],
  [
    new RegExp(`^MJ::JOB::low_variation::1::${HASH}::SOLO$`),
    (m) => ({ action: 'low_variation', index: 1, hash: m[1]!, modal: false }),
  ],
  [
    new RegExp(`^MJ::Outpaint::(50|75)::1::${HASH}::SOLO$`),
    (m) => ({
      action: 'zoom',
      index: 1,
      hash: m[2]!,
      zoom: m[1] === '50' ? 2 : 1.5,
      modal: false,
    }),
  ],
  [
    new RegExp(`^MJ::CustomZoom::${HASH}$`),
    (m) => ({ action: 'custom_zoom', index: 1, hash: m[1]!, modal: true }),
  ],
  [
    new RegExp(`^MJ::JOB::pan_(left|right|up|down)::1::${HASH}::SOLO$`),
    (m) => ({
      action: 'pan',
      index: 1,
      hash: m[2]!,
      pan: m[1] as ParsedCustomId['pan'],
      modal: false,
    }),
  ],
  [
    new RegExp(`^MJ::JOB::upsample_v[5-7]_2x_(subtle|creative)::1::${HASH}::SOLO$`),
    (m) => ({
      action: m[1] === 'subtle' ? 'upscale_subtle' : 'upscale_creative',
      index: 1,
      hash: m[2]!,
      modal: false,
    }),
  ],
  [
    new RegExp(`^MJ::Inpaint::1::${HASH}::SOLO$`),
    (m) => ({ action: 'inpaint', index: 1, hash: m[1]!, modal: true }),
  ],
];

export function parseCustomId(customId: string): ParsedCustomId | null {
  for (const [re, read] of patterns) {
    const m = customId.match(re);
    if (m) return read(m);
  }
  return null;
}

/** The buttons under a 2×2 grid (imagine, variation, reroll, zoom, pan, blend, vary region). */
export function gridButtons(hash: string): DrawButton[] {
  const u = [1, 2, 3, 4].map((i) => ({
    customId: `MJ::JOB::upsample::${i}::${hash}`,
    label: `U${i}`,
    emoji: '',
  }));
  const v = [1, 2, 3, 4].map((i) => ({
    customId: `MJ::JOB::variation::${i}::${hash}`,
    label: `V${i}`,
    emoji: '',
  }));
  return [...u, { customId: `MJ::JOB::reroll::0::${hash}::SOLO`, label: '', emoji: '🔄' }, ...v];
}

/** The buttons under an upscaled picture (Midjourney 6 / 7). */
export function upscaleButtons(hash: string): DrawButton[] {
  const solo = (id: string, label: string, emoji: string) => ({
    customId: `${id}::1::${hash}::SOLO`,
    label,
    emoji,
  });
  return [
    solo('MJ::JOB::upsample_v6_2x_subtle', 'Upscale (Subtle)', ''),
    solo('MJ::JOB::upsample_v6_2x_creative', 'Upscale (Creative)', ''),
    solo('MJ::JOB::high_variation', 'Vary (Strong)', '🪄'),
    solo('MJ::JOB::low_variation', 'Vary (Subtle)', '🪄'),
    solo('MJ::Inpaint', 'Vary (Region)', '🖌️'),
    solo('MJ::Outpaint::50', 'Zoom Out 2x', '🔍'),
    solo('MJ::Outpaint::75', 'Zoom Out 1.5x', '🔍'),
    { customId: `MJ::CustomZoom::${hash}`, label: 'Custom Zoom', emoji: '🔍' },
    solo('MJ::JOB::pan_left', '', '⬅️'),
    solo('MJ::JOB::pan_right', '', '➡️'),
    solo('MJ::JOB::pan_up', '', '⬆️'),
    solo('MJ::JOB::pan_down', '', '⬇️'),
  ];
}

/** Which buttons a finished task of this action shows. */
export function buttonsFor(action: DrawAction, hash: string): DrawButton[] {
  switch (action) {
    case 'upscale':
      return upscaleButtons(hash);
    case 'upscale_subtle':
    case 'upscale_creative':
      // An upscaled upscale can still be varied, zoomed and panned, not upscaled again.
      return upscaleButtons(hash).filter((b) => !b.customId.includes('upsample'));
    case 'describe':
    case 'faceswap':
    case 'chat-draw':
      return [];
    default:
      return gridButtons(hash);
  }
}

/** The price action of a drawing action (`demo-image:<this>`). */
export function priceActionOf(action: DrawAction): string {
  switch (action) {
    case 'high_variation':
    case 'low_variation':
      return 'variation';
    case 'custom_zoom':
      return 'zoom';
    case 'upscale_subtle':
    case 'upscale_creative':
      return 'upscale_hd';
    default:
      return action;
  }
}
