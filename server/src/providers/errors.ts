import type { Localized } from '../http/messages.js';

/**
 * What went wrong with an upstream call, for logs and tests. `banned`: the upstream refused the
 * prompt's words; `refused`: it (or the runner, before calling) refused the request itself;
 * `answer`: it answered something that cannot be used.
 */
export type UpstreamKind =
  'timeout' | 'http' | 'network' | 'stream' | 'answer' | 'refused' | 'banned';

export interface UpstreamDetail {
  status?: number;
  /** The upstream's own answer code (midjourney-proxy's `code`). */
  code?: number;
  bannedWord?: string;
  /** What the user reads when the failure is final; null: the caller words it. */
  text?: Localized;
  /**
   * The request had gone out (or may have) when it failed: a timeout, a connection reset or
   * closed mid-request. A submit that failed so may have started work upstream, so the task
   * engine never sends it again (docs/tasks.md, Unconfirmed submits). False or absent: the
   * connection was never made (refused, DNS, TLS), or an answer came.
   */
  sent?: boolean;
  /** The upstream's job id when one is known though the call failed (for the operator). */
  upstreamId?: string;
}

/**
 * The one error of every upstream adapter and task runner. It says whether trying again may
 * help (`transient`: timeouts, network errors, 429 and 5xx, unreadable answers) or not
 * (`permanent`: the request itself is refused); the task engine retries the first with backoff
 * and fails the second at once, giving the credits back.
 */
export class UpstreamError extends Error {
  readonly status: number | undefined;
  readonly text: Localized | null;

  constructor(
    message: string,
    readonly retry: 'transient' | 'permanent',
    readonly kind: UpstreamKind,
    readonly detail: UpstreamDetail = {},
  ) {
    super(message);
    this.name = 'UpstreamError';
    this.status = detail.status;
    this.text = detail.text ?? null;
  }

  get transient(): boolean {
    return this.retry === 'transient';
  }

  /** May succeed later: the task engine tries again with backoff. */
  static transient(message: string, kind: UpstreamKind = 'network', detail?: UpstreamDetail) {
    return new UpstreamError(message, 'transient', kind, detail);
  }

  /** Will not succeed: the task fails now with `text` and its credits are given back. */
  static permanent(text: Localized, kind: UpstreamKind = 'refused', detail?: UpstreamDetail) {
    return new UpstreamError(text['en-US'], 'permanent', kind, { ...detail, text });
  }

  /** Its own message for the operator's task timeline, when it says more than the user's text. */
  get raw(): { detail?: string } {
    return this.message && this.message !== this.text?.['en-US'] ? { detail: this.message } : {};
  }

  /** The same failure, with what the user reads. */
  withText(text: Localized): UpstreamError {
    return new UpstreamError(this.message, this.retry, this.kind, { ...this.detail, text });
  }
}

/** Socket errors of a connection never made: the request did not leave this machine. */
const NOT_SENT =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT|ERR_TLS_.*|.*CERT.*|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)$/;

/**
 * Whether a failed `fetch` may have reached the upstream: false only when the connection was
 * never made (refused, DNS, unreachable, TLS handshake); a timeout or a reset mid-request may
 * have delivered the request.
 */
export function mayHaveSent(error: unknown, timedOut: boolean): boolean {
  if (timedOut) return true;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  return !NOT_SENT.test(code);
}

/** How an HTTP error status is retried: rate limits and the upstream's own faults may pass. */
export const retryOfStatus = (status: number): 'transient' | 'permanent' =>
  status === 429 || status >= 500 ? 'transient' : 'permanent';
