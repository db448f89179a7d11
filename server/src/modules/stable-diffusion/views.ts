import type { sd as S } from '@atelier/contracts';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { quote } from '../credits/index.js';
import { fileOfKey, fileUrl, keyOfUrl } from '../files/index.js';
import { queuePositions, type TaskRow } from '../tasks/index.js';
import { sdModelName } from './catalogue.js';
import { texts } from './messages.js';
import { DEMO_STEPS } from './run-common.js';

/** How the square's and the toolbox's tasks, prices and pictures read for a caller. */

/** A price the caller would pay now; 0 when the operator removed it (the submit then says 404). */
export const creditsOf = (ctx: AppContext, priceKey: string, userId?: number) =>
  quote(ctx.db.kysely, { priceKey, ...(userId ? { userId } : {}) }).catch(() => 0);

/** A task as the square and the toolbox read it. */
export async function toSdTasks(ctx: AppContext, rows: TaskRow[], lang: Lang): Promise<S.SdTask[]> {
  const positions = await queuePositions(ctx, rows);
  const names = new Map<number, string | null>();
  for (const r of rows) {
    const id = Number((r.params as { modelId?: number }).modelId ?? 0);
    if (id && !names.has(id)) names.set(id, await sdModelName(ctx, id));
  }
  const link = (url: unknown) => {
    const key = typeof url === 'string' ? keyOfUrl(url) : null;
    return key ? fileUrl(ctx, key) : null;
  };
  const perTask = (demo: boolean) =>
    demo ? Math.ceil((DEMO_STEPS * ctx.config.drawing.demoStepMs) / 1000) : 30;
  return rows.map((t) => {
    const p = t.params as Record<string, unknown> & { modelId?: number; demo?: boolean };
    const position = positions.get(t.id) ?? null;
    const eta =
      t.status === TaskStatus.queued
        ? ((position ?? 0) + 1) * perTask(p.demo === true)
        : t.status === TaskStatus.running
          ? Number(t.data.etaSeconds ?? perTask(p.demo === true))
          : null;
    return {
      id: t.id,
      kind: t.kind,
      status: t.status,
      progress: t.progress,
      action: t.action,
      prompt: t.prompt,
      params: { ...p, ...(t.data.seed !== undefined ? { seed: t.data.seed } : {}) },
      images: t.files.map((f) => ({
        url: f.url,
        thumbUrl: f.thumbUrl,
        width: f.width,
        height: f.height,
      })),
      sources: [p.image, p.mask, p.face].map(link).filter((u): u is string => u !== null),
      error: t.error ? t.error[lang] : null,
      modelId: p.modelId ?? null,
      modelName: p.modelId ? (names.get(p.modelId) ?? '') : '',
      demo: p.demo === true,
      // The hold went back: a failed picture cost nothing.
      credits: t.status === TaskStatus.failed ? 0 : t.credits,
      queuePosition: position,
      etaSeconds: eta === null || !Number.isFinite(eta) ? null : Math.max(0, Math.round(eta)),
      createdAt: t.createdAt,
      finishedAt: t.finishedAt,
    };
  });
}

/** The storage key of a picture the caller owns; anything else (someone else's too) → 404. */
export async function ownedPicture(ctx: AppContext, userId: number, url: string): Promise<string> {
  const key = keyOfUrl(url);
  const row = key ? await fileOfKey(ctx, key) : undefined;
  const isPicture = row && (key === row.thumb_key || row.mime.startsWith('image/'));
  if (!key || !row || row.user_id !== userId || !isPicture) throw notFound(texts.imageNotFound);
  return url;
}
