import { failureText } from '../../lib/failure-text.js';
import type { Localized } from '../../http/messages.js';
import { texts } from './messages.js';
import { UpstreamError } from './runner.js';

/*
 * A submit whose outcome is unknown (docs/tasks.md, Unconfirmed submits): its request went
 * out and no answer came back (a timeout, a connection reset or closed mid-request, the step
 * cut off). The upstream may have started the work, so it is never sent again as a new
 * submit: the task fails at once, nothing charged, and whatever is known of the upstream job
 * stays in the task's data and timeline for the operator. A connection never made (refused,
 * DNS, TLS) said nothing reached the upstream and stays a transient error, retried.
 */

/** The engine cut the step off (its step timeout, or the worker stopping). */
export class StepCutOff extends Error {
  constructor(readonly why: 'timeout' | 'stopping') {
    super(why === 'timeout' ? 'step timed out' : 'worker stopping');
    this.name = 'StepCutOff';
  }
}

export interface UnconfirmedEnd {
  error: Localized;
  detail: string;
  data: { unconfirmed: { detail: string; upstreamId: string | null } };
}

/** How a failed submit ends when its outcome is unknown; null when it may be sent again. */
export function unconfirmedSubmit(failure: unknown): UnconfirmedEnd | null {
  let detail: string;
  let upstreamId: string | null = null;
  if (failure instanceof StepCutOff) detail = `submit cut off: ${failure.message}`;
  else if (failure instanceof UpstreamError && failure.transient && failure.detail.sent) {
    detail = failure.message;
    upstreamId = failure.detail.upstreamId ?? null;
  } else return null;
  return {
    error: texts.taskUnconfirmed,
    detail: upstreamId ? `${detail} (upstream job ${upstreamId})` : detail,
    data: { unconfirmed: { detail, upstreamId } },
  };
}

/** What the user reads when the upstream refused for good: its own text, else its class. */
export const refusalText = (failure: UpstreamError): Localized =>
  failure.text ?? failureText(failure);
