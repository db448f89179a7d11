import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

/** The secret a task's callback link carries: derived from the site's key and the task id. */
export const callbackSecret = (ctx: AppContext, taskId: number) =>
  createHmac('sha256', ctx.config.secretKey ?? '')
    .update(`video-callback:${taskId}`)
    .digest('base64url')
    .slice(0, 32);

export function checkCallbackSecret(ctx: AppContext, taskId: number, given: unknown): boolean {
  if (typeof given !== 'string' || !given) return false;
  const a = Buffer.from(callbackSecret(ctx, taskId));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const callbackUrl = (ctx: AppContext, protocol: string, taskId: number) =>
  `${ctx.config.publicUrl}/api/video/callback/${protocol}/${taskId}?secret=${callbackSecret(ctx, taskId)}`;
