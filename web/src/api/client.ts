import type { BodyIn, DataOf, Endpoint, QueryIn } from '@atelier/contracts';
import { t } from '../i18n';
import { browser } from '../lib/browser';
import { captchaOf, solveCaptcha } from '../lib/captcha';
import { notify } from '../lib/notify';
import { useAppSetting } from '../stores/app-setting';
import { useDialogs } from '../stores/dialogs';

/** Base of every call; endpoint paths are relative to it. */
export const API_BASE = '/api';
/** docs/product.md §9: a request may take up to 40 minutes (long generations answer late). */
export const REQUEST_TIMEOUT_MS = 2_400_000;
/** docs/product.md §8: the "please log in" notice shows at most once per 3 s. */
export const UNAUTHORIZED_THROTTLE_MS = 3_000;
/** Calls whose 401 only removes the token (they run in the background for guests). */
const QUIET_401_PATHS = new Set(['/chatlog/chatList', '/group/query']);

/**
 * What the client needs to know about the session. The auth store provides it at load
 * (`configureClient`); the client does not import that store, which itself calls the client.
 */
export interface ClientSession {
  token: () => string | null;
  guestId: () => string | null;
  removeToken: () => void;
  /** The domain's recharge mode: 1 purchase dialogs, 2 redemption code dialog. */
  rechargeMode: () => number | null;
}

let session: ClientSession = {
  token: () => null,
  guestId: () => null,
  removeToken: () => undefined,
  rechargeMode: () => null,
};

export const configureClient = (next: ClientSession): void => {
  session = next;
};

/** A successful answer, or a 420 business notice returned as is for the screen to handle. */
export type ApiResponse<D> =
  | { code: number; success: true; message: string; data: D }
  | { code: number; success: false; message: string; data: unknown };

/** A failed call: `status` is the HTTP status (0 when no answer came), `code` the body's code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface CallOptions<E> {
  query?: QueryIn<E>;
  body?: BodyIn<E>;
  signal?: AbortSignal;
  /** Overrides the default timeout (ms). */
  timeout?: number;
  /** A 401 only removes the token (the start-up identity probe uses it). */
  quietUnauthorized?: boolean;
}

interface RawEnvelope {
  code?: number;
  success?: boolean;
  message?: string;
  data?: unknown;
}

let lastUnauthorizedAt = Number.NEGATIVE_INFINITY;

/** While a first-time guest is being registered, calls that need an identity wait for it. */
let identityGate: Promise<void> | null = null;

/**
 * Holds every non-public call until `registration` settles: screens render while start-up
 * registers a new guest, and their calls would otherwise carry a guest id the server does
 * not know yet (a 401, and the login dialog for someone who never asked to sign in).
 */
export const holdCallsUntil = (registration: Promise<unknown>): void => {
  const gate: Promise<void> = registration.then(
    () => undefined,
    () => undefined,
  );
  identityGate = gate;
  void gate.then(() => {
    if (identityGate === gate) identityGate = null;
  });
};

/** Forget the 401 throttle (tests; a fresh sign-in). */
export const resetUnauthorizedThrottle = (): void => {
  lastUnauthorizedAt = Number.NEGATIVE_INFINITY;
};

const buildUrl = (path: string, query: unknown): string => {
  const url = `${API_BASE}${path}`;
  if (!query || typeof query !== 'object') return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
};

const headersFor = (hasBody: boolean): Record<string, string> => {
  const headers: Record<string, string> = { 'X-Lang': useAppSetting.getState().language };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = session.token();
  const guestId = session.guestId();
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (guestId) {
    headers.Authorization = `Guestid ${guestId}`;
    headers.Guestid = guestId;
  }
  return headers;
};

/** The identity headers of every call, for the few made outside `send` (multipart uploads). */
export const identityHeaders = (): Record<string, string> => headersFor(false);

/** Sends one request with the identity headers and the timeout; rejects with ApiError(0). */
const send = async <E extends Endpoint>(
  e: E,
  options: CallOptions<E>,
  extraHeaders: Record<string, string> = {},
): Promise<Response> => {
  if (identityGate && e.access !== 'public') await identityGate;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const hasBody = e.method !== 'GET' && e.method !== 'DELETE';
  try {
    return await fetch(buildUrl(e.path, options.query), {
      method: e.method,
      headers: { ...headersFor(hasBody), ...extraHeaders },
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const text = timedOut ? t('errors:timeout') : t('errors:network');
    notify.error(text);
    throw new ApiError(text, 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
};

const readEnvelope = async (response: Response): Promise<RawEnvelope | null> => {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as RawEnvelope) : null;
  } catch {
    return null;
  }
};

const openRechargeDialog = (): void => {
  const { open } = useDialogs.getState();
  if (session.rechargeMode() === 2) open('redemption');
  else if (browser.pathname().toLowerCase().startsWith('/music')) open('goods');
  else open('passiveGoods');
};

/**
 * The error catalogue of docs/product.md §8, applied to every answer in this one place.
 * Returns the envelope for 2xx answers and 420 notices; throws ApiError otherwise.
 */
export const handleAnswer = <D>(
  path: string,
  status: number,
  body: RawEnvelope | null,
  quietUnauthorized = false,
): ApiResponse<D> => {
  const message = body?.message?.trim() || '';
  if (status === 401) {
    session.removeToken();
    const text = message || t('errors:pleaseLogin');
    if (!quietUnauthorized && !QUIET_401_PATHS.has(path)) {
      const now = Date.now();
      if (now - lastUnauthorizedAt >= UNAUTHORIZED_THROTTLE_MS) {
        lastUnauthorizedAt = now;
        useDialogs.getState().open('login');
        notify.error(text);
      }
    }
    throw new ApiError(text, 401, body?.code ?? null, body?.data ?? null);
  }
  if (status === 430) {
    const text = message || t('errors:requestError');
    if (body?.success === false) notify.error(text);
    openRechargeDialog();
    throw new ApiError(text, 430, body?.code ?? null, body?.data ?? null);
  }
  if (status === 420) {
    return {
      code: body?.code ?? 420,
      success: false,
      message,
      data: body?.data ?? null,
    };
  }
  if (status !== 200 && status !== 201) {
    const text = message || t('errors:requestError');
    notify.error(text);
    throw new ApiError(text, status, body?.code ?? null, body?.data ?? null);
  }
  if (body?.code === 401) {
    session.removeToken();
    browser.reload();
    throw new ApiError(message || t('errors:pleaseLogin'), status, 401);
  }
  if (!body || (typeof body.code === 'number' && (body.code < 200 || body.code > 299))) {
    const text = message || t('errors:requestError');
    notify.error(text);
    throw new ApiError(text, status, body?.code ?? null, body?.data ?? null);
  }
  return { code: body.code ?? status, success: true, message, data: body.data as D };
};

/**
 * Calls one contract endpoint: `api(auth.currentUser)`, `api(user.signOutDevice, { body: { id } })`.
 * Resolves with the envelope (`success` false only for a 420 notice); rejects with ApiError.
 */
export const api = async <E extends Endpoint>(
  e: E,
  options: CallOptions<E> = {},
): Promise<ApiResponse<DataOf<E>>> => {
  let response = await send(e, options);
  let envelope = await readEnvelope(response);
  // A network where abuse was seen: the server asks a proof-of-work captcha (solve it and ask
  // once more, lib/captcha.ts) or the site's hosted one (its widget, loaded only now, shows;
  // its token goes with the call once more, lib/hosted-captcha.ts).
  const challenge = response.status === 403 ? captchaOf(envelope?.data) : null;
  const hosted = response.status === 403 && !challenge ? hostedAsk(envelope?.data) : null;
  const answer = challenge
    ? await solveCaptcha(challenge)
    : hosted
      ? await hostedToken(hosted)
      : null;
  if (answer) {
    response = await send(e, options, { 'X-Captcha': answer });
    envelope = await readEnvelope(response);
  }
  return handleAnswer<DataOf<E>>(e.path, response.status, envelope, options.quietUnauthorized);
};

/** The hosted captcha a 403 asks for (the same test as lib/hosted-captcha's, kept small here). */
const hostedAsk = (data: unknown): { provider: string; siteKey: string } | null => {
  const c: unknown =
    data && typeof data === 'object' && 'captcha' in data ? data.captcha : undefined;
  return c && typeof c === 'object' && 'provider' in c && 'siteKey' in c
    ? { provider: String(c.provider), siteKey: String(c.siteKey) }
    : null;
};

/** Shows the hosted widget (its code loaded only when a site asks it) and answers its token. */
const hostedToken = async (data: { provider: string; siteKey: string }) => {
  const { askHostedCaptcha, hostedCaptchaOf } = await import('../lib/hosted-captcha');
  const ask = hostedCaptchaOf({ captcha: data });
  if (!ask) return null;
  return askHostedCaptcha(ask, {
    title: t('auth:captcha.title'),
    cancel: t('auth:captcha.cancel'),
  });
};

/** Like `api` but resolves with `data`; a 420 notice rejects with ApiError(420), no toast. */
export const apiData = async <E extends Endpoint>(
  e: E,
  options: CallOptions<E> = {},
): Promise<DataOf<E>> => {
  const answer = await api(e, options);
  if (!answer.success) throw new ApiError(answer.message, 420, answer.code, answer.data);
  return answer.data;
};

/**
 * A streamed call (newline-delimited JSON, e.g. chat-process): `onLine` receives each parsed
 * line as it arrives. Error answers go through the same catalogue before any line is read.
 */
export const apiStream = async <E extends Endpoint, L = unknown>(
  e: E,
  options: CallOptions<E> & { onLine: (line: L) => void },
): Promise<void> => {
  const response = await send(e, options);
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !response.body || type.includes('application/json')) {
    handleAnswer(e.path, response.status, await readEnvelope(response));
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // `send` stops following the caller's signal once the answer's head is in; the body is read
  // here, so an abort cancels the reading, which closes the connection (the server stops).
  const signal = options.signal;
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  let buffer = '';
  const emit = (text: string) => {
    const line = text.trim();
    if (line) options.onLine(JSON.parse(line) as L);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        emit(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
  emit(buffer);
};
