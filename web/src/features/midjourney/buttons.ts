import type { drawing } from '@atelier/contracts';

export type ButtonKind =
  | { kind: 'upscale'; index: number }
  | { kind: 'variation'; index: number }
  | { kind: 'reroll' }
  | { kind: 'varyStrong' }
  | { kind: 'varySubtle' }
  | { kind: 'zoomOut'; factor: 1.5 | 2 }
  | { kind: 'customZoom' }
  | { kind: 'pan'; direction: 'left' | 'right' | 'up' | 'down' }
  | { kind: 'upscaleSubtle' }
  | { kind: 'upscaleCreative' }
  | { kind: 'varyRegion' }
  | { kind: 'other' };

/** What a result's button does, read from Midjourney's `customId` (the label may be empty). */
export function buttonKind(button: drawing.DrawButton): ButtonKind {
  const id = button.customId;
  let m = /^MJ::JOB::upsample::([1-4])::/.exec(id);
  if (m) return { kind: 'upscale', index: Number(m[1]) };
  m = /^MJ::JOB::variation::([1-4])::/.exec(id);
  if (m) return { kind: 'variation', index: Number(m[1]) };
  if (id.startsWith('MJ::JOB::reroll::')) return { kind: 'reroll' };
  if (id.startsWith('MJ::JOB::high_variation::')) return { kind: 'varyStrong' };
  if (id.startsWith('MJ::JOB::low_variation::')) return { kind: 'varySubtle' };
  m = /^MJ::Outpaint::(50|75)::/.exec(id);
  if (m) return { kind: 'zoomOut', factor: m[1] === '50' ? 2 : 1.5 };
  if (id.startsWith('MJ::CustomZoom::')) return { kind: 'customZoom' };
  m = /^MJ::JOB::pan_(left|right|up|down)::/.exec(id);
  if (m) return { kind: 'pan', direction: m[1] as 'left' | 'right' | 'up' | 'down' };
  if (/^MJ::JOB::upsample_v\d_2x_subtle::/.test(id)) return { kind: 'upscaleSubtle' };
  if (/^MJ::JOB::upsample_v\d_2x_creative::/.test(id)) return { kind: 'upscaleCreative' };
  if (id.startsWith('MJ::Inpaint::')) return { kind: 'varyRegion' };
  return { kind: 'other' };
}

/** Buttons that need more input first (a dialog): custom zoom and vary region. */
export const needsDialog = (k: ButtonKind): boolean =>
  k.kind === 'customZoom' || k.kind === 'varyRegion';

/** The button of a kind on a task, if the task offers it. */
export function findButton(
  buttons: drawing.DrawButton[],
  match: (k: ButtonKind) => boolean,
): drawing.DrawButton | undefined {
  return buttons.find((b) => match(buttonKind(b)));
}
