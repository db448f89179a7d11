import type { Localized } from '../../http/messages.js';
import { fetchResultLink, ResultLinkRefused } from '../../lib/result-link.js';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';
import type { VideoUpstream } from './types.js';

/** Why a fetch failed, in words an operator understands (DNS, TLS, refused, timeout). */
export function describeFetchError(error: unknown, where: string): UpstreamError {
  const e = error as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return UpstreamError.transient(`${where}: timed out`, 'timeout', { sent: true });
  const code = e?.cause?.code ?? '';
  const words: Record<string, string> = {
    ENOTFOUND: 'the host name does not resolve (DNS)',
    EAI_AGAIN: 'the host name does not resolve (DNS)',
    ECONNREFUSED: 'the connection was refused',
    ECONNRESET: 'the connection was reset',
    CERT_HAS_EXPIRED: 'its TLS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
    ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate names another host',
  };
  const why = words[code] ?? (e?.cause?.message || e?.message || 'network error');
  return UpstreamError.transient(`${where}: ${why}`, 'network', {
    sent: mayHaveSent(error, false),
  });
}

/** An HTTP error status in words. */
export function statusError(status: number, where: string, detail: string): UpstreamError {
  const words: Record<number, string> = {
    400: 'the request was refused (400)',
    401: 'the key was refused (401)',
    403: 'access is forbidden (403)',
    404: 'not found (404): check the base URL',
    429: 'rate limited or out of quota (429)',
  };
  const why = words[status] ?? `HTTP ${status}`;
  return new UpstreamError(
    `${where}: ${why}${detail ? `: ${detail.slice(0, 300)}` : ''}`,
    retryOfStatus(status),
    'http',
    { status },
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** Reads the error's text from the upstream's error body. */
  errorText?: (body: unknown) => string | undefined;
}

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

async function send(up: VideoUpstream, path: string, o: RequestOptions): Promise<Response> {
  const method = o.method ?? (o.json !== undefined || o.form ? 'POST' : 'GET');
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  let body: string | FormData | URLSearchParams | undefined;
  if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.form) body = o.form;
  const timeout = AbortSignal.timeout(up.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  try {
    return await fetch(joinUrl(up.baseUrl, path), { method, headers, body, signal });
  } catch (error) {
    throw describeFetchError(error, `${method} ${path}`);
  }
}

/** A JSON call; non-2xx answers become an `UpstreamError` naming what is wrong. */
export async function requestJson<T>(
  up: VideoUpstream,
  path: string,
  o: RequestOptions = {},
): Promise<T> {
  const res = await send(up, path, o);
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: handled below
  }
  const where = `${o.method ?? (o.json !== undefined || o.form ? 'POST' : 'GET')} ${path}`;
  if (!res.ok) throw statusError(res.status, where, (o.errorText?.(parsed) ?? text) || '');
  if (parsed === undefined)
    throw UpstreamError.transient(`${where}: the answer is not JSON`, 'answer');
  return parsed as T;
}

const linkRefused: Localized = {
  'en-US':
    'The video service answered with a link to a private or local address, which is not fetched; your credits were returned',
  'zh-CN': '视频服务返回的链接指向私有或本地地址，已拒绝获取，积分已退回',
  'zh-TW': '影片服務返回的連結指向私有或本機位址，已拒絕取得，積分已退回',
};

/**
 * The bytes at `url` (an upstream's result), through the address guard except on the
 * provider's own host (`base`: lib/result-link.ts); an expired link is a transient error, a
 * link to a private or local address a permanent one.
 */
export async function downloadBytes(
  url: string,
  o: { base?: string; headers?: Record<string, string>; signal?: AbortSignal; timeoutMs: number },
): Promise<Buffer> {
  try {
    return await fetchResultLink(url, {
      trustedBase: o.base ?? null,
      timeoutMs: o.timeoutMs,
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.headers ? { headers: o.headers } : {}),
    });
  } catch (error) {
    if (error instanceof ResultLinkRefused)
      throw new UpstreamError(error.message, 'permanent', 'refused', { text: linkRefused });
    const e = error as NodeJS.ErrnoException & { status?: number };
    // A signed link that ran out (403/404/410): ask the upstream for a fresh one next poll.
    if (e.status) throw UpstreamError.transient(`download: HTTP ${e.status}`, 'http');
    throw describeFetchError(
      { name: e.name, message: e.message, cause: { code: e.code } },
      'download',
    );
  }
}

export const bearer = (key: string | null): Record<string, string> =>
  key ? { authorization: `Bearer ${key}` } : {};

export const clampProgress = (n: unknown, scale = 1) => {
  const v = typeof n === 'number' ? n * scale : Number.parseFloat(String(n ?? '0')) * scale;
  return Number.isFinite(v) ? Math.max(0, Math.min(100, Math.round(v))) : 0;
};

/** The first words of a prompt for upstreams with no camera control. */
export const cameraWords: Record<string, string> = {
  static: 'static camera',
  zoom_in: 'camera slowly zooms in',
  zoom_out: 'camera slowly zooms out',
  pan_left: 'camera pans left',
  pan_right: 'camera pans right',
  tilt_up: 'camera tilts up',
  tilt_down: 'camera tilts down',
  orbit: 'camera orbits around the subject',
};

export const withCamera = (prompt: string, camera?: string) =>
  camera ? `${prompt}${prompt ? ', ' : ''}${cameraWords[camera] ?? ''}` : prompt;
