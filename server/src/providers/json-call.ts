import { mayHaveSent, UpstreamError } from './errors.js';

/**
 * One HTTP call of an image adapter, its body read as text: the timeout and the caller's abort
 * both end it, redirects are not followed (a key is never sent on to another host), and a
 * failure before an answer is a transient `UpstreamError` saying whether the request may have
 * reached the upstream (`sent`: it may have started a paid job, so it is not sent again blindly).
 * Shared by the FLUX, Gemini image, Seedream, Jimeng and Replicate adapters.
 */
export async function callText(
  url: string,
  init: RequestInit,
  p: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<{ status: number; text: string; headers: Headers }> {
  const timeout = AbortSignal.timeout(p.timeoutMs);
  const signal = p.signal ? AbortSignal.any([p.signal, timeout]) : timeout;
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal });
    return { status: res.status, text: await res.text(), headers: res.headers };
  } catch (error) {
    throw UpstreamError.transient(
      timeout.aborted ? 'no answer in time' : 'unreachable',
      timeout.aborted ? 'timeout' : 'network',
      { sent: mayHaveSent(error, timeout.aborted) },
    );
  }
}

/** A JSON answer's body, or a transient error saying it is not JSON. */
export function parseJson<T>(text: string, sent = true): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw UpstreamError.transient('the answer is not JSON', 'answer', { sent });
  }
}
