import { getJson, httpFailure, type ProviderCheck } from '../check-http.js';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';

/**
 * A client of midjourney-proxy (novicezk/midjourney-proxy and trueai-org/midjourney-proxy).
 *
 * The `mj-api-secret` goes only to the configured base URL: redirects are not followed (a
 * custom header would travel with them to another host) and the secret never appears in an
 * error message or a log line.
 */

export type MjFlavour = 'novicezk' | 'trueai';
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
export interface MjTask {
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
  buttons?: MjButton[];
  properties?: Record<string, unknown>;
}

export interface MjSubmitAnswer {
  code: number;
  description?: string;
  result?: string | number | null;
  properties?: Record<string, unknown>;
}

export const MJ_CODES = {
  success: 1,
  exists: 21,
  queued: 22,
  queueFull: 23,
  banned: 24,
  notFound: 3,
  validation: 4,
  systemError: 9,
} as const;

export interface SubmitOk {
  taskId: string;
  /** 21: the upstream waits for `/mj/submit/modal` on this task. */
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

export class MidjourneyProxyClient {
  constructor(private readonly config: MjProxyConfig) {}

  private root(mode?: MjMode): string {
    const base = this.config.baseUrl.replace(/\/+$/, '');
    // trueai picks the speed by path; a base that already names one keeps it.
    if (this.config.flavour === 'trueai' && mode && !/\/mj-(fast|relax|turbo)$/.test(base))
      return `${base}/mj-${mode}`;
    return base;
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    opts: { mode?: MjMode; signal?: AbortSignal } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.config.secret) headers['mj-api-secret'] = this.config.secret;
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const where = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(`${this.root(opts.mode)}${path}`, {
        method,
        headers,
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
    if (res.status >= 300 && res.status < 400)
      throw new UpstreamError(`${where}: redirected (not followed)`, 'permanent', 'http', {
        status: res.status,
      });
    if (res.status === 401 || res.status === 403)
      throw new UpstreamError(
        `${where}: the proxy refused the secret (${res.status})`,
        'permanent',
        'http',
        { status: res.status },
      );
    if (res.status >= 400) {
      const retry = retryOfStatus(res.status);
      const shown = retry === 'transient' ? '' : ` ${text.slice(0, 200)}`;
      throw new UpstreamError(`${where}: HTTP ${res.status}${shown}`, retry, 'http', {
        status: res.status,
      });
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw UpstreamError.transient(`${where}: the answer is not JSON`, 'answer');
    }
  }

  /** Reads a submit answer: 1/22 accepted, 21 accepted waiting for a modal, others fail. */
  private async submit(
    path: string,
    body: Record<string, unknown>,
    opts: { mode?: MjMode; signal?: AbortSignal } = {},
  ): Promise<SubmitOk> {
    const a = await this.request<MjSubmitAnswer>('POST', path, body, opts);
    const taskId = a.result === null || a.result === undefined ? '' : String(a.result);
    const description = (a.description ?? '').slice(0, 300);
    switch (a.code) {
      case MJ_CODES.success:
      case MJ_CODES.queued:
      case MJ_CODES.exists:
        if (!taskId) throw UpstreamError.transient(`${path}: accepted without a task id`, 'answer');
        return {
          taskId,
          needsModal: a.code === MJ_CODES.exists,
          queuedAhead: Number(a.properties?.numberOfQueues ?? 0) || 0,
        };
      case MJ_CODES.banned: {
        const word = a.properties?.bannedWord;
        throw new UpstreamError(`${path}: banned prompt`, 'permanent', 'banned', {
          code: a.code,
          bannedWord: typeof word === 'string' ? word : '',
        });
      }
      case MJ_CODES.queueFull:
      case MJ_CODES.systemError:
        throw UpstreamError.transient(`${path}: code ${a.code} ${description}`, 'refused', {
          code: a.code,
        });
      default:
        throw new UpstreamError(`${path}: code ${a.code} ${description}`, 'permanent', 'refused', {
          code: a.code,
        });
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

  action(
    body: { taskId: string; customId: string; notifyHook?: string; state?: string },
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

  /** trueai's InsightFace swap. */
  swapFace(
    body: { sourceBase64: string; targetBase64: string; notifyHook?: string; state?: string },
    signal?: AbortSignal,
  ) {
    return this.submit('/mj/insight-face/swap', { ...body }, { signal });
  }

  async fetchTask(id: string, signal?: AbortSignal): Promise<MjTask> {
    const task = await this.request<MjTask | null>(
      'GET',
      `/mj/task/${encodeURIComponent(id)}/fetch`,
      undefined,
      { signal },
    );
    if (!task || typeof task !== 'object' || !task.id)
      throw new UpstreamError(`task ${id} not found upstream`, 'permanent', 'answer', { code: 3 });
    return task;
  }

  listByCondition(ids: string[], signal?: AbortSignal): Promise<MjTask[]> {
    return this.request<MjTask[]>('POST', '/mj/task/list-by-condition', { ids }, { signal });
  }
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
