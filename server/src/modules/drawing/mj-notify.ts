import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

/** midjourney-proxy's notify hook: the secret its URL carries (more-routes.ts `/mj/notify`). */

/** The secret our notify hook URL carries: derived from the site's key, never stored. */
export const notifySecret = (ctx: AppContext) =>
  createHmac('sha256', ctx.config.secretKey ?? '')
    .update('mj-notify')
    .digest('base64url')
    .slice(0, 32);

export function checkNotifySecret(ctx: AppContext, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(notifySecret(ctx));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notifyHookUrl = (ctx: AppContext) =>
  `${ctx.config.publicUrl}/api/mj/notify?secret=${notifySecret(ctx)}`;
