import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';

/** Where a music upstream is and how to reach it. */
export interface MusicUpstream {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** A clip as both formats describe it, in our words. */
export interface MusicClip {
  id: string;
  /** `pending` until the upstream says it is complete or failed. */
  status: 'pending' | 'complete' | 'error';
  title: string;
  tags: string;
  lyrics: string;
  audioUrl: string | null;
  imageUrl: string | null;
  duration: number | null;
  error: string | null;
}

/** What the cheapest read of an upstream says went wrong, in words (connection tests). */
function networkWords(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve (DNS)';
  if (code === 'ECONNREFUSED') return 'the connection was refused (nothing listens there)';
  if (/CERT|TLS|SSL/i.test(code) || /certificate|tls|ssl/i.test(cause?.message ?? ''))
    return 'the TLS handshake failed (certificate)';
  return `unreachable (${code || cause?.message || 'network error'})`;
}

/** One JSON call with bearer auth, a timeout, and errors as `UpstreamError`s. */
export async function musicRequest<T>(
  up: MusicUpstream,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  /**
   * The `code`s of a 5xx JSON answer that say the request had been passed on upstream (New
   * API's, for a submit): such a failure may have started the work (`sent`).
   */
  sentCodes: readonly string[] = [],
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (up.apiKey) headers.authorization = `Bearer ${up.apiKey}`;
  const timeout = AbortSignal.timeout(up.timeoutMs);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const where = `${method} ${path}`;
  let res: Response;
  try {
    res = await fetch(`${up.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: both,
    });
  } catch (error) {
    if (timeout.aborted)
      throw UpstreamError.transient(
        `${where}: no answer in ${up.timeoutMs} ms (timeout)`,
        'timeout',
        { sent: true },
      );
    throw UpstreamError.transient(`${where}: ${networkWords(error)}`, 'network', {
      sent: mayHaveSent(error, false),
    });
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 300 && res.status < 400)
    throw new UpstreamError(`${where}: redirected (not followed)`, 'permanent', 'http', {
      status: res.status,
    });
  // New API answers 403 for an account out of quota too: its words say which.
  if (res.status === 401 || res.status === 403)
    throw new UpstreamError(
      `${where}: the key was refused (${res.status}) ${text.slice(0, 200)}`.trim(),
      'permanent',
      'http',
      { status: res.status },
    );
  if (res.status === 404)
    throw new UpstreamError(
      `${where}: not found (404): is the base URL right?`,
      'permanent',
      'http',
      {
        status: 404,
      },
    );
  if (res.status >= 400) {
    const retry = retryOfStatus(res.status);
    const code = sentCodes.length ? codeOf(text) : '';
    const shown = retry === 'transient' ? (code ? ` (${code})` : '') : ` ${text.slice(0, 200)}`;
    throw new UpstreamError(`${where}: HTTP ${res.status}${shown}`, retry, 'http', {
      status: res.status,
      ...(sentCodes.includes(code) ? { sent: true } : {}),
    });
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw UpstreamError.transient(`${where}: the answer is not JSON`, 'answer');
  }
}

/** The `code` of a JSON answer (empty when there is none). */
function codeOf(text: string): string {
  try {
    const code = (JSON.parse(text) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v && Number.isFinite(Number(v))
      ? Number(v)
      : null;
