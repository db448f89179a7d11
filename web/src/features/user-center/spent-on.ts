import type { credits } from '@atelier/contracts';
import type { TFunction } from 'i18next';

/** Drawing actions by their price's action, one literal key each. */
const drawingActionKeys: Record<string, string> = {
  imagine: 'midjourney:actions.imagine',
  upscale: 'midjourney:actions.upscale',
  variation: 'midjourney:actions.variation',
  reroll: 'midjourney:actions.reroll',
  zoom: 'midjourney:actions.zoom',
  pan: 'midjourney:actions.pan',
  upscale_hd: 'midjourney:actions.upscaleHd',
  inpaint: 'midjourney:actions.inpaint',
  blend: 'midjourney:actions.blend',
  describe: 'midjourney:actions.describe',
  faceswap: 'midjourney:actions.faceswap',
  'chat-draw': 'midjourney:actions.chatDraw',
};

/** What a task of each price category is called in a log row. */
const taskKeys: Record<NonNullable<credits.SpentOn['category']>, string> = {
  chat: 'user:ledger.spentOn.chat',
  image: 'user:ledger.spentOn.image',
  music: 'user:ledger.spentOn.music',
  video: 'user:ledger.spentOn.video',
  separation: 'user:ledger.spentOn.separation',
  transcription: 'user:ledger.spentOn.transcription',
  speech: 'user:ledger.spentOn.speech',
};

/** What each kind of task is called in a log row, one literal key each. */
const kindKeys: Record<string, string> = {
  'chat-draw': 'user:ledger.taskKind.chat-draw',
  image: 'user:ledger.taskKind.image',
  sd3: 'user:ledger.taskKind.sd3',
  sd: 'user:ledger.taskKind.sd',
  'sd-tool': 'user:ledger.taskKind.sd-tool',
};

/** The toolbox's operations and the model square's one action, one literal key each. */
const opKeys: Record<string, string> = {
  upscale: 'user:ledger.toolOp.upscale',
  restore: 'user:ledger.toolOp.restore',
  rembg: 'user:ledger.toolOp.rembg',
  faceswap: 'user:ledger.toolOp.faceswap',
  remix: 'user:ledger.toolOp.remix',
  redraw: 'user:ledger.toolOp.redraw',
  create: 'user:ledger.toolOp.create',
  generate: 'user:ledger.toolOp.create',
  edit: 'user:ledger.toolOp.edit',
  'image-to-image': 'user:ledger.toolOp.edit',
};

/** "Offline demo: imagine" → model part "Offline demo", action part "imagine". */
const labelParts = (label: string | null) => {
  const [model = '', ...rest] = (label ?? '').split(':');
  return { model: model.trim(), action: rest.join(':').trim() };
};

/**
 * What a log row paid for, as people say it: "Chat · GPT-4o", "Mind map · Offline demo chat",
 * "Midjourney · Imagine". Null when the row pays for nothing.
 */
export function spentOnText(spentOn: credits.SpentOn | null, t: TFunction): string | null {
  if (!spentOn) return null;
  const parts = labelParts(spentOn.label);
  const model = parts.model || spentOn.model || '';
  if (spentOn.source === 'chat') return t('user:ledger.spentOn.chat', { name: model });
  if (spentOn.source === 'mind') return t('user:ledger.spentOn.mind', { name: model });
  // A picture that is not Midjourney's (the toolbox, the model square, DALL·E, SD3): its kind
  // and action, e.g. "Toolbox · Remove background".
  const kindKey = spentOn.kind ? kindKeys[spentOn.kind] : undefined;
  if (kindKey) {
    const opKey = spentOn.action ? opKeys[spentOn.action] : undefined;
    return opKey ? t('user:ledger.kinded', { kind: t(kindKey), name: t(opKey) }) : t(kindKey);
  }
  const actionKey = spentOn.action ? drawingActionKeys[spentOn.action] : undefined;
  const action =
    spentOn.category === 'image' && actionKey
      ? t(actionKey)
      : parts.action || spentOn.label || spentOn.action || '';
  if (!action) return null;
  const key = spentOn.category ? taskKeys[spentOn.category] : 'user:ledger.spentOn.task';
  return t(key, { name: action });
}
