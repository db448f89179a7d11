import { common, type Localized } from './messages.js';

/**
 * The status codes of the API (docs/architecture.md §3). 420 is a business notice the
 * screen handles itself; 430 means not enough credits.
 */
export type ApiStatus = 400 | 401 | 403 | 404 | 409 | 413 | 420 | 429 | 430 | 500 | 502 | 503 | 504;

/** An error a user may read: its status, a localized text and optional details. */
export class AppError extends Error {
  constructor(
    readonly status: ApiStatus,
    readonly text: Localized,
    readonly params: Record<string, string | number> = {},
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(text['en-US']);
    this.name = 'AppError';
  }
}

export const badRequest = (
  text: Localized,
  params?: Record<string, string | number>,
  field?: string,
) =>
  new AppError(400, text, params, field ? { errors: [{ field, message: text['en-US'] }] } : null);
export const notSignedIn = () => new AppError(401, common.notSignedIn);
export const forbidden = () => new AppError(403, common.forbidden);
export const notFound = (
  text: Localized = common.notFound,
  params?: Record<string, string | number>,
) => new AppError(404, text, params);
export const conflict = (text: Localized, params?: Record<string, string | number>) =>
  new AppError(409, text, params);
/** A business notice the screen shows itself (e.g. already checked in today). */
export const notice = (
  text: Localized,
  params?: Record<string, string | number>,
  data?: Record<string, unknown>,
) => new AppError(420, text, params, data ?? null);
export const tooManyRequests = (seconds: number) =>
  new AppError(429, common.tooManyRequests, { seconds });
/** The one 430: a spend beyond the balance, saying what it needs and what there is. */
export const notEnoughCredits = (needed: number, available: number) =>
  new AppError(430, common.notEnoughCredits, { needed, available });
