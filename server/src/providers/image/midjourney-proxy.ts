import { getJson, httpFailure, type ProviderCheck } from '../check-http.js';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';
import type { MjVideoBody, MjVideoFields } from './mj-video.js';

/**
 * A client of midjourney-proxy in its three shapes (docs/drawing.md, Upstream variants):
 * - `novicezk`: the open-source novicezk/midjourney-proxy v2.6 — imagine, blend, describe and
 *   `/mj/submit/change` (U1–U4, V1–V4, reroll); no `buttons`, no `action`, no `modal`;
 * - `plus` / `trueai`: the forks with `buttons`, `/mj/submit/action` and `/mj/submit/modal`
 *   (trueai-org/midjourney-proxy, midjourney-proxy-plus); `trueai` adds the `/mj-{mode}`
 *   speed prefixes and InsightFace;
 * - `newapi`: New API's relay of either (`/mj/...`, or `/{mode}/mj/...` for a speed), its key as
 *   a Bearer token, its own error envelope and its `/mj/image/{id}` picture proxy.
 *
 * The secret goes only to the configured base URL: redirects are not followed (a custom header
 * would travel with them to another host) and it never appears in an error or a log line.
 */

export type MjFlavour = 'novicezk' | 'plus' | 'trueai' | 'newapi';
export type MjMode = 'fast' | 'relax' | 'turbo';

export interface MjProxyConfig {
  baseUrl: string;
  secret: string | null;
  flavour: MjFlavour;
  timeoutMs: number;
}

export interface MjButton {
  customId: string;
  emoji: string;
  label: string;
  type?: number;
  style?: number;
}

/** A task as `/mj/task/{id}/fetch` and the notify hook give it. */
export interface MjTask extends MjVideoFields {
  id: string;
  action?: string;
  status: string;
  progress?: string;
  prompt?: string;
  promptEn?: string;
  description?: string;
  imageUrl?: string | null;
  failReason?: string | null;
  submitTime?: number;
  startTime?: number;
  finishTime?: number;
  state?: string;
  /** The forks' buttons; novicezk v2.6 has none, New API gives null when its upstream has none. */
  buttons?: MjButton[] | null;
  properties?: Record<string, unknown> | null;
}

export interface MjSubmitAnswer {
  code: number;
  description?: string;
  result?: string | number | null;
  properties?: Record<string, unknown> | null;
}

/** `ReturnCode` of novicezk/midjourney-proxy (the forks and New API keep them). */
export const MJ_CODES = {
  success: 1,
  notFound: 3,
  validation: 4,
  systemError: 9,
  /** "Already exists" — or, on the forks, "waiting for the modal" (see `needsModal`). */
  exists: 21,
  queued: 22,
  queueFull: 23,
  banned: 24,
} as const;

export interface SubmitOk {
  taskId: string;
  /** The proxy waits for `/mj/submit/modal` on this task. */
  needsModal: boolean;
  /** Tasks ahead of it upstream (code 22). */
  queuedAhead: number;
}

export interface ImagineBody {
  prompt: string;
  base64Array?: string[];
  botType?: 'MID_JOURNEY' | 'NIJI_JOURNEY';
  notifyHook?: string;
  state?: string;
}

/** novicezk's `SubmitChangeDTO`: the three changes of a grid. */
export interface ChangeBody {
  taskId: string;
  action: 'UPSCALE' | 'VARIATION' | 'REROLL';
  index?: number;
  notifyHook?: string;
  state?: string;
}

/** Which flavours have `/mj/submit/change` (the grid's U/V/reroll without buttons). */
export const hasChange = (f: MjFlavour) => f === 'novicezk' || f === 'newapi';
/** Which flavours have `/mj/submit/action` and `/mj/submit/modal`. */
export const hasActions = (f: MjFlavour) => f !== 'novicezk';
/** Which flavours pick the speed by path. */
export const hasModes = (f: MjFlavour) => f === 'trueai' || f === 'newapi';

/**
 * The forks answer an action that opens a modal (custom zoom, vary region, remix) with code 21,
 * "Waiting for window confirm" and `properties.remix: true` (trueai-org `TaskService.cs`); New
 * API rewrites that 21 to 1 for all but inpaint and custom zoom (`relay/relay-mj.go`). Any
 * other 21 is "already exists": `result` is the existing task, to be followed.
 */
export function needsModal(a: MjSubmitAnswer): boolean {
  if (a.code !== MJ_CODES.exists && a.code !== MJ_CODES.success) return false;
  return a.properties?.remix === true || /window confirm|窗口等待/i.test(a.description ?? '');
}

type Opts = { mode?: MjMode; signal?: AbortSignal };

export class MidjourneyProxyClient {
  constructor(private readonly config: MjProxyConfig) {}

  get flavour(): MjFlavour {
    return this.config.flavour;
  }

  private get base(): string {
    return this.config.baseUrl.replace(/\/+$/, '');
  }

  private root(mode?: MjMode): string {
    const base = this.base;
    // trueai picks the speed by `/mj-{mode}`, New API by `/{mode}`; a base naming one keeps it.
    if (!mode || /\/(mj-)?(fast|relax|turbo)$/.test(base)) return base;
    if (this.config.flavour === 'trueai') return `${base}/mj-${mode}`;
    if (this.config.flavour === 'newapi') return `${base}/${mode}`;
    return base;
  }

  private headers(body: unknown): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) h['content-type'] = 'application/json';
    const key = this.config.secret;
    // New API reads its token from Authorization (mj-api-secret only when that is missing).
    if (key && this.config.flavour === 'newapi') h.authorization = `Bearer ${key}`;
    else if (key) h['mj-api-secret'] = key;
    return h;
  }

  /** The JSON answer; null for an empty body (novicezk answers a fetch of no task that way). */
  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    opts: Opts = {},
  ): Promise<T | null> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const where = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(`${this.root(opts.mode)}${path}`, {
        method,
        headers: this.headers(body),
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      const timedOut = timeout.aborted;
      throw UpstreamError.transient(
        timedOut ? `${where}: no answer in ${this.config.timeoutMs} ms` : `${where}: unreachable`,
        timedOut ? 'timeout' : 'network',
        { sent: mayHaveSent(error, timedOut) },
      );
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 300) throw failureOf(where, res.status, text);
    if (!text.trim()) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw UpstreamError.transient(`${where}: the answer is not JSON`, 'answer');
    }
  }

  /** Reads a submit answer: 1/21/22 accepted (21 and a modal: see `needsModal`), others fail. */
  private async submit(path: string, body: Record<string, unknown>, opts: Opts = {}) {
    const a = await this.request<MjSubmitAnswer>('POST', path, body, opts);
    if (!a) throw UpstreamError.transient(`${path}: empty answer`, 'answer');
    const taskId = a.result === null || a.result === undefined ? '' : String(a.result);
    switch (a.code) {
      case MJ_CODES.success:
      case MJ_CODES.queued:
      case MJ_CODES.exists:
        if (!taskId) throw UpstreamError.transient(`${path}: accepted without a task id`, 'answer');
        return {
          taskId,
          needsModal: needsModal(a),
          queuedAhead: Number(a.properties?.numberOfQueues ?? 0) || 0,
        } satisfies SubmitOk;
      default:
        throw refusalOf(path, a);
    }
  }

  imagine(body: ImagineBody, mode?: MjMode, signal?: AbortSignal) {
    return this.submit('/mj/submit/imagine', { ...body }, { mode, signal });
  }

  blend(
    body: {
      base64Array: string[];
      dimensions: 'PORTRAIT' | 'SQUARE' | 'LANDSCAPE';
      notifyHook?: string;
      state?: string;
    },
    mode?: MjMode,
    signal?: AbortSignal,
  ) {
    return this.submit('/mj/submit/blend', { ...body }, { mode, signal });
  }

  describe(
    body: { base64: string; notifyHook?: string; state?: string },
    mode?: MjMode,
    signal?: AbortSignal,
  ) {
    return this.submit('/mj/submit/describe', { ...body }, { mode, signal });
  }

  /** novicezk's U1–U4, V1–V4 and reroll of a finished grid (New API relays it too). */
  change(body: ChangeBody, mode?: MjMode, signal?: AbortSignal) {
    return this.submit('/mj/submit/change', { ...body }, { mode, signal });
  }

  action(
    body: {
      taskId: string;
      customId: string;
      enableRemix?: boolean;
      notifyHook?: string;
      state?: string;
    },
    mode?: MjMode,
    signal?: AbortSignal,
  ) {
    return this.submit('/mj/submit/action', { ...body }, { mode, signal });
  }

  modal(
    body: { taskId: string; prompt?: string; maskBase64?: string; notifyHook?: string },
    mode?: MjMode,
    signal?: AbortSignal,
  ) {
    return this.submit('/mj/submit/modal', { ...body }, { mode, signal });
  }

  /** trueai's Midjourney video (`mj-video.ts`): animate a finished picture, or extend a clip. */
  video(body: MjVideoBody, mode?: MjMode, signal?: AbortSignal) {
    return this.submit('/mj/submit/video', { ...body }, { mode, signal });
  }

  /** trueai's InsightFace swap. */
  swapFace(
    body: { sourceBase64: string; targetBase64: string; notifyHook?: string; state?: string },
    signal?: AbortSignal,
  ) {
    return this.submit('/mj/insight-face/swap', { ...body }, { signal });
  }

  async fetchTask(id: string, signal?: AbortSignal): Promise<MjTask> {
    const task = await this.request<MjTask>(
      'GET',
      `/mj/task/${encodeURIComponent(id)}/fetch`,
      undefined,
      { signal },
    );
    if (!task || typeof task !== 'object' || !task.id)
      throw new UpstreamError(`task ${id} not found upstream`, 'permanent', 'answer', { code: 3 });
    return task;
  }

  async listByCondition(ids: string[], signal?: AbortSignal): Promise<MjTask[]> {
    return (
      (await this.request<MjTask[]>('POST', '/mj/task/list-by-condition', { ids }, { signal })) ??
      []
    );
  }

  /**
   * A result's picture as we can download it: New API may hand out its own proxy,
   * `{ServerAddress}/mj/image/{id}`, on an address it was configured with (by default
   * `http://localhost:3000`) that need not be the one we reach it by: it is read from our base.
   */
  imageUrlOf(url: string | null | undefined): string | null {
    if (!url) return null;
    if (this.config.flavour !== 'newapi') return url;
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return url;
    }
    const m = /\/mj\/image\/([^/?#]+)$/.exec(path);
    return m ? `${this.base}/mj/image/${m[1]}` : url;
  }
}

/**
 * An HTTP failure, reading the body the upstream gave: New API answers its own refusals as HTTP
 * 400 `{description, type, code}` (429 for code 30, a saturated group) and the forks a 404 as
 * `{code: 3, description}`.
 */
function failureOf(where: string, status: number, text: string): UpstreamError {
  if (status < 400)
    return new UpstreamError(`${where}: redirected (not followed)`, 'permanent', 'http', {
      status,
    });
  if (status === 401 || status === 403)
    return new UpstreamError(
      `${where}: the proxy refused the secret (${status})`,
      'permanent',
      'http',
      {
        status,
      },
    );
  const retry = retryOfStatus(status);
  let body: Partial<MjSubmitAnswer> = {};
  try {
    body = JSON.parse(text) as Partial<MjSubmitAnswer>;
  } catch {
    // Not JSON (a proxy's error page): the status says it.
  }
  const code = typeof body.code === 'number' ? body.code : undefined;
  const shown = retry === 'transient' ? '' : ` ${(body.description ?? text).slice(0, 200)}`;
  return new UpstreamError(`${where}: HTTP ${status}${shown}`, retry, 'http', {
    status,
    ...(code !== undefined ? { code } : {}),
  });
}

/** A submit the proxy answered with a refusal code. */
function refusalOf(path: string, a: MjSubmitAnswer): UpstreamError {
  const description = (a.description ?? '').slice(0, 300);
  if (a.code === MJ_CODES.banned) {
    const word = a.properties?.bannedWord;
    return new UpstreamError(`${path}: banned prompt`, 'permanent', 'banned', {
      code: a.code,
      bannedWord: typeof word === 'string' ? word : '',
    });
  }
  const retry = a.code === MJ_CODES.queueFull || a.code === MJ_CODES.systemError;
  return new UpstreamError(
    `${path}: code ${a.code} ${description}`,
    retry ? 'transient' : 'permanent',
    'refused',
    { code: a.code },
  );
}

/** "45%" → 45. */
export const progressOf = (p: string | undefined): number => {
  const n = parseInt(p ?? '', 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), 100) : 0;
};

/** The connection test: a task fetch of an id that does not exist (answers null when reachable). */
export const checkConnection: ProviderCheck = async (p, signal) => {
  const base = p.baseUrl.replace(/\/+$/, '');
  const res = await getJson(
    `${base}/mj/task/atelier-connection-test/fetch`,
    p.apiKey ? { 'mj-api-secret': p.apiKey } : {},
    p.timeoutMs,
    signal,
  );
  if (res.status !== 200) throw httpFailure(res.status, 'GET /mj/task/{id}/fetch');
  return 'task fetch answered';
};

/**
 * New API's connection test: the same fetch with its token; it answers a task it does not know
 * with HTTP 400 `{code: 4, description: "task_no_found"}`, which proves the token was taken.
 */
export const checkNewApiConnection: ProviderCheck = async (p, signal) => {
  const base = p.baseUrl.replace(/\/+$/, '');
  const res = await getJson(
    `${base}/mj/task/atelier-connection-test/fetch`,
    p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {},
    p.timeoutMs,
    signal,
  );
  const code = (res.body as { code?: unknown } | null)?.code;
  if (res.status === 200 || (res.status === 400 && code === MJ_CODES.validation))
    return 'task fetch answered';
  throw httpFailure(res.status, 'GET /mj/task/{id}/fetch');
};
