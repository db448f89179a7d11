import { retryOfStatus, UpstreamError } from '../errors.js';

/**
 * One JSON call to a search service (an operator's configured address: not address-guarded,
 * as its model providers are not; docs/security.md). A status other than 200 becomes an
 * UpstreamError whose message is the service's own words (`say` reads them from the body).
 */
export async function searchCall(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  r: { timeoutMs: number; signal?: AbortSignal },
  service: string,
  say: (status: number, body: unknown, text: string) => string,
): Promise<unknown> {
  const signals = [AbortSignal.timeout(r.timeoutMs), ...(r.signal ? [r.signal] : [])];
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', 'user-agent': 'Atelier', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: AbortSignal.any(signals),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw UpstreamError.transient(
      timedOut
        ? `${service} did not answer within ${Math.round(r.timeoutMs / 1000)} s`
        : `${service} cannot be reached: ${(error as Error).message}`,
      timedOut ? 'timeout' : 'network',
    );
  }
  const text = (await res.text()).slice(0, 2_000_000);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (res.status !== 200)
    throw new UpstreamError(
      `${service} answered ${res.status}: ${say(res.status, body, text).slice(0, 300)}`,
      retryOfStatus(res.status),
      'http',
      { status: res.status },
    );
  if (body === null || typeof body !== 'object')
    throw UpstreamError.transient(`${service} sent an unreadable answer`, 'answer');
  return body;
}
