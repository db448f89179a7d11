import type { Localized } from '../../http/messages.js';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';

/**
 * AUTOMATIC1111 / Forge started with `--api` (docs/stable-diffusion.md, Upstreams; upstream:
 * AUTOMATIC1111/stable-diffusion-webui `modules/api/api.py` and `modules/api/models.py`, and
 * AUTOMATIC1111/stable-diffusion-webui-rembg `scripts/api.py`): synchronous `txt2img` / `img2img`
 * answering base64 PNGs, `GET /sdapi/v1/progress` read from a second connection while a job
 * runs, the checkpoint switched with `POST /sdapi/v1/options`, extras (upscale, GFPGAN /
 * CodeFormer restore) and the rembg extension's `POST /rembg`. One job at a time upstream: the
 * task queue in front of it is ours. The key, when set, is `user:password` for Basic auth.
 */

export interface A1111Config {
  baseUrl: string;
  /** `user:password` (A1111 `--api-auth`), or null. */
  apiKey: string | null;
  timeoutMs: number;
}

export interface A1111Generate {
  prompt: string;
  negative_prompt: string;
  seed: number;
  sampler_name: string;
  steps: number;
  cfg_scale: number;
  width: number;
  height: number;
  batch_size?: number;
  n_iter?: number;
  /** img2img only. */
  init_images?: string[];
  mask?: string;
  denoising_strength?: number;
  inpainting_fill?: number;
  mask_blur?: number;
}

export interface A1111Progress {
  progress: number;
  eta_relative: number;
  state?: { sampling_step?: number; sampling_steps?: number; job_count?: number };
}

export interface A1111Checkpoint {
  title: string;
  model_name: string;
  hash?: string | null;
}

const authOf = (key: string | null): Record<string, string> =>
  key ? { authorization: `Basic ${Buffer.from(key).toString('base64')}` } : {};

/** api.py `set_config`'s refusal of a checkpoint name it does not know. */
const NOT_FOUND = /\bmodel ['"].*['"] not found\b/;

const checkpointMissing: Localized = {
  'en-US': 'This model is not available on the drawing server (nothing was charged)',
  'zh-CN': '绘图服务器上没有这个模型（未扣费）',
  'zh-TW': '繪圖伺服器上沒有這個模型（未扣費）',
};

export class A1111Client {
  constructor(private readonly config: A1111Config) {}

  async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    timeoutMs = this.config.timeoutMs,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const all = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const where = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...authOf(this.config.apiKey),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: all,
      });
    } catch (error) {
      const timedOut = timeout.aborted;
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
      throw UpstreamError.transient(
        timedOut
          ? `${where}: no answer in ${timeoutMs} ms`
          : `${where}: unreachable${cause ? ` (${cause})` : ''}`,
        timedOut ? 'timeout' : 'network',
        { sent: mayHaveSent(error, timedOut) },
      );
    }
    const text = await res.text().catch(() => '');
    if (res.status === 401 || res.status === 403)
      throw new UpstreamError(
        `${where}: the user name and password were refused (${res.status})`,
        'permanent',
        'http',
        { status: res.status },
      );
    if (res.status === 404)
      throw new UpstreamError(
        `${where}: not found (404): is the WebUI started with --api${path === '/rembg' ? ' and the rembg extension installed' : ''}?`,
        'permanent',
        'http',
        { status: 404 },
      );
    if (res.status >= 300) {
      let detail = '';
      try {
        const j = JSON.parse(text) as { detail?: unknown; error?: string; errors?: string };
        detail = String(j.errors ?? j.error ?? j.detail ?? '');
      } catch {
        // Not JSON: the status says enough.
      }
      throw new UpstreamError(
        `${where}: HTTP ${res.status}${detail ? ` ${detail.slice(0, 200)}` : ''}`,
        retryOfStatus(res.status),
        'http',
        { status: res.status },
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw UpstreamError.transient(`${where}: the answer is not JSON`, 'answer');
    }
  }

  sdModels(signal?: AbortSignal) {
    return this.request<A1111Checkpoint[]>('GET', '/sdapi/v1/sd-models', undefined, signal);
  }

  samplers(signal?: AbortSignal) {
    return this.request<Array<{ name: string }>>('GET', '/sdapi/v1/samplers', undefined, signal);
  }

  upscalers(signal?: AbortSignal) {
    return this.request<Array<{ name: string }>>('GET', '/sdapi/v1/upscalers', undefined, signal);
  }

  progress(signal?: AbortSignal) {
    return this.request<A1111Progress>(
      'GET',
      '/sdapi/v1/progress?skip_current_image=true',
      undefined,
      signal,
      5000,
    );
  }

  /** Switches the loaded checkpoint when another one is loaded (`''`: keep what is loaded). */
  async useCheckpoint(checkpoint: string, signal?: AbortSignal): Promise<void> {
    if (!checkpoint) return;
    const options = await this.request<{ sd_model_checkpoint?: string }>(
      'GET',
      '/sdapi/v1/options',
      undefined,
      signal,
    );
    // "name.safetensors [hash]", "name.safetensors" and "name" all name the same checkpoint.
    const bare = (s: string) =>
      s.replace(/\s*\[[0-9a-f]+\]$/i, '').replace(/\.(safetensors|ckpt)$/i, '');
    if (bare(options.sd_model_checkpoint ?? '') === bare(checkpoint)) return;
    try {
      await this.request('POST', '/sdapi/v1/options', { sd_model_checkpoint: checkpoint }, signal);
    } catch (error) {
      // A checkpoint it does not have is a 500 (api.py `set_config`: RuntimeError "model 'x'
      // not found"): no retry makes it appear. The raw answer stays in the task's timeline.
      if (error instanceof UpstreamError && error.status === 500 && NOT_FOUND.test(error.message))
        throw new UpstreamError(error.message, 'permanent', 'refused', {
          status: 500,
          text: checkpointMissing,
        });
      throw error;
    }
  }

  /**
   * txt2img (or img2img with `init_images`), reading `/progress` from a second connection every
   * `everyMs` while it runs; answers the first picture's bytes and the seed actually used.
   */
  async generate(
    body: A1111Generate,
    onProgress: (percent: number, etaSeconds: number) => void,
    signal?: AbortSignal,
    everyMs = 1000,
  ): Promise<{ png: Buffer; seed: number | null }> {
    const path = body.init_images ? '/sdapi/v1/img2img' : '/sdapi/v1/txt2img';
    let running = true;
    let wake: () => void = () => undefined;
    const watch = (async () => {
      while (running) {
        await new Promise<void>((r) => {
          const timer = setTimeout(r, everyMs);
          wake = () => {
            clearTimeout(timer);
            r();
          };
        });
        if (!running) break;
        try {
          const p = await this.progress(signal);
          if (running) onProgress(Math.round(p.progress * 100), Math.round(p.eta_relative));
        } catch {
          // A missed progress reading changes nothing.
        }
      }
    })();
    try {
      const out = await this.request<{ images?: string[]; info?: string }>(
        'POST',
        path,
        { batch_size: 1, n_iter: 1, ...body },
        signal,
      );
      const first = out.images?.[0];
      if (!first) throw UpstreamError.transient(`POST ${path}: no picture in the answer`, 'answer');
      let seed: number | null = null;
      try {
        seed = Number((JSON.parse(out.info ?? '{}') as { seed?: number }).seed ?? NaN);
        if (!Number.isFinite(seed)) seed = null;
      } catch {
        seed = null;
      }
      return { png: Buffer.from(stripDataUrl(first), 'base64'), seed };
    } finally {
      running = false;
      wake();
      await watch;
    }
  }

  /** Extras: upscale (`upscaling_resize`) and face restore (GFPGAN / CodeFormer visibility). */
  async extras(body: Record<string, unknown>, signal?: AbortSignal): Promise<Buffer> {
    const out = await this.request<{ image?: string }>(
      'POST',
      '/sdapi/v1/extra-single-image',
      body,
      signal,
    );
    if (!out.image) throw UpstreamError.transient('extra-single-image: no picture', 'answer');
    return Buffer.from(stripDataUrl(out.image), 'base64');
  }

  /** The rembg extension: the picture with its background transparent. */
  async removeBackground(image: string, model: string, signal?: AbortSignal): Promise<Buffer> {
    const out = await this.request<{ image?: string }>(
      'POST',
      '/rembg',
      { input_image: image, model, return_mask: false, alpha_matting: false },
      signal,
    );
    if (!out.image) throw UpstreamError.transient('rembg: no picture', 'answer');
    return Buffer.from(stripDataUrl(out.image), 'base64');
  }
}

const stripDataUrl = (s: string) => s.replace(/^data:[^,]*,/, '');

/** The console's "test connection": lists the checkpoints (the cheapest read). */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const models = await new A1111Client(p).sdModels(signal);
  if (!Array.isArray(models))
    throw new UpstreamError(
      'sd-models did not answer a list: is this an A1111 WebUI?',
      'permanent',
      'answer',
    );
  return `AUTOMATIC1111 answers: ${models.length} checkpoint${models.length === 1 ? '' : 's'}${models[0] ? ` (${models[0].model_name}…)` : ''}`;
}
