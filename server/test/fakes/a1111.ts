import sharp from 'sharp';
import {
  json,
  startFakeServer,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
} from './http.js';

/**
 * A fake AUTOMATIC1111 / Forge `--api` on loopback (docs/stable-diffusion.md, Upstreams; it
 * follows AUTOMATIC1111/stable-diffusion-webui `modules/api/api.py` and `modules/api/models.py`,
 * and AUTOMATIC1111/stable-diffusion-webui-rembg `scripts/api.py`):
 * - `txt2img` / `img2img` are synchronous and run ONE AT A TIME behind a global lock, like the
 *   WebUI's queue lock; a job that arrives while another runs waits, and `overlaps` counts
 *   such arrivals (our queue should never cause one);
 * - `GET /sdapi/v1/progress` answers from a second connection while a job runs
 *   (`progress` 0..1, `eta_relative`, `state.sampling_step/steps`);
 * - `sd-models`, `options` (GET, POST `sd_model_checkpoint` switches), `samplers`, `upscalers`,
 *   `extra-single-image` (a real resize), the rembg extension's `/rembg` (a real alpha channel);
 * - optional Basic auth (401 without it); `mode` `500` answers every job with a 500 and `hang`
 *   never answers it;
 * - errors in the body `api_middleware`'s `handle_exception` writes (`{ error, detail, body,
 *   errors }`), e.g. the 500 of `POST /sdapi/v1/options` naming a checkpoint it does not have.
 */
export interface FakeA1111 extends FakeServer {
  /** Every job, in the order they started. */
  jobs: Array<{
    path: string;
    body: Record<string, unknown>;
    start: number;
    end: number | null;
    user: string;
  }>;
  /** Jobs that arrived while another was running (0 when our queue works). */
  overlaps: number;
  /** Most jobs running at once as they arrived. */
  peak: number;
  checkpoint: string;
  checkpointSwitches: string[];
  mode: 'ok' | '500' | 'hang';
  jobMs: number;
}

const CHECKPOINTS = [
  {
    title: 'v1-5-pruned-emaonly.safetensors [6ce0161689]',
    model_name: 'v1-5-pruned-emaonly',
    hash: '6ce0161689',
  },
  {
    title: 'realisticVisionV60.safetensors [15012c538f]',
    model_name: 'realisticVisionV60',
    hash: '15012c538f',
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real PNG whose colours come from the seed and prompt (a gradient, not a flat colour). */
async function picture(seed: number, width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  const a = seed % 256;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (a + x) % 256;
      raw[i + 1] = (a * 3 + y) % 256;
      raw[i + 2] = (a * 7 + x + y) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function startFakeA1111(
  opts: { jobMs?: number; auth?: string } = {},
): Promise<FakeA1111> {
  let running = 0;
  let lock: Promise<void> = Promise.resolve();
  let current: { start: number; steps: number } | null = null;
  const state = {
    jobs: [] as FakeA1111['jobs'],
    overlaps: 0,
    peak: 0,
    checkpoint: CHECKPOINTS[0]!.title,
    checkpointSwitches: [] as string[],
    mode: 'ok' as FakeA1111['mode'],
    jobMs: opts.jobMs ?? 50,
  };

  const job = async (req: FakeRequest): Promise<FakeResponse> => {
    const body = JSON.parse(req.body || '{}') as Record<string, unknown>;
    if (running > 0) state.overlaps++;
    running++;
    state.peak = Math.max(state.peak, running);
    // The WebUI's queue lock: one job at a time.
    const prev = lock;
    let release!: () => void;
    lock = new Promise((r) => (release = r));
    await prev;
    const record = {
      path: req.path,
      body,
      start: Date.now(),
      end: null as number | null,
      user: String(body.prompt ?? ''),
    };
    state.jobs.push(record);
    current = { start: record.start, steps: Number(body.steps ?? 20) };
    try {
      // Hangs until the test sets another mode (the connection stays open).
      while (state.mode === 'hang') await sleep(20);
      await sleep(state.jobMs);
      if (state.mode === '500')
        return json(500, {
          error: 'RuntimeError',
          detail: 'CUDA out of memory',
          errors: 'CUDA out of memory',
        });
      const seed = Number(body.seed ?? -1) === -1 ? 1234 : Number(body.seed);
      const w = Number(body.width ?? 512);
      const h = Number(body.height ?? 512);
      let png = await picture(seed, w, h);
      if (Array.isArray(body.init_images) && typeof body.init_images[0] === 'string') {
        const init = Buffer.from(body.init_images[0], 'base64');
        png = await sharp(init)
          .resize(w, h, { fit: 'fill' })
          .modulate({ hue: 90 })
          .png()
          .toBuffer();
      }
      return json(200, {
        images: [png.toString('base64')],
        parameters: body,
        info: JSON.stringify({
          seed,
          all_seeds: [seed],
          prompt: body.prompt,
          sd_model_name: state.checkpoint,
        }),
      });
    } finally {
      record.end = Date.now();
      current = null;
      running--;
      release();
    }
  };

  const handle = async (req: FakeRequest): Promise<FakeResponse> => {
    if (opts.auth) {
      const want = `Basic ${Buffer.from(opts.auth).toString('base64')}`;
      if (req.headers.authorization !== want) return json(401, { detail: 'Not authenticated' });
    }
    const body = (): Record<string, unknown> =>
      JSON.parse(req.body || '{}') as Record<string, unknown>;
    switch (`${req.method} ${req.path}`) {
      case 'GET /sdapi/v1/sd-models':
        return json(
          200,
          CHECKPOINTS.map((c) => ({
            ...c,
            sha256: null,
            filename: `/models/${c.model_name}`,
            config: null,
          })),
        );
      case 'GET /sdapi/v1/options':
        return json(200, { sd_model_checkpoint: state.checkpoint, samples_format: 'png' });
      case 'POST /sdapi/v1/options': {
        const want = String(body().sd_model_checkpoint ?? '');
        const found = CHECKPOINTS.find(
          (c) => c.title === want || c.model_name === want || c.title.startsWith(want),
        );
        // api.py `set_config` raises RuntimeError(f"model {name!r} not found") for a name not
        // in `sd_models.checkpoint_aliases`; `api_middleware`'s `handle_exception` answers it.
        if (!found)
          return json(500, {
            error: 'RuntimeError',
            detail: '',
            body: '',
            errors: `model '${want}' not found`,
          });
        state.checkpoint = found.title;
        state.checkpointSwitches.push(want);
        return json(200, null);
      }
      case 'GET /sdapi/v1/samplers':
        return json(
          200,
          ['Euler a', 'Euler', 'DPM++ 2M Karras'].map((name) => ({
            name,
            aliases: [],
            options: {},
          })),
        );
      case 'GET /sdapi/v1/upscalers':
        return json(
          200,
          ['None', 'Lanczos', 'R-ESRGAN 4x+'].map((name) => ({ name, model_name: null, scale: 4 })),
        );
      case 'GET /sdapi/v1/progress': {
        const c = current;
        const p = c ? Math.min(0.99, (Date.now() - c.start) / Math.max(1, state.jobMs)) : 0;
        return json(200, {
          progress: p,
          eta_relative: c ? Math.max(0, (state.jobMs - (Date.now() - c.start)) / 1000) : 0,
          state: {
            job_count: running,
            sampling_step: c ? Math.round(p * c.steps) : 0,
            sampling_steps: c?.steps ?? 0,
          },
          current_image: null,
          textinfo: null,
        });
      }
      case 'POST /sdapi/v1/txt2img':
      case 'POST /sdapi/v1/img2img':
        return job(req);
      case 'POST /sdapi/v1/extra-single-image': {
        const b = body();
        if (state.mode === '500') return json(500, { error: 'RuntimeError', detail: 'boom' });
        const img = Buffer.from(String(b.image ?? ''), 'base64');
        const meta = await sharp(img).metadata();
        const k = Number(b.upscaling_resize ?? 1);
        let s = sharp(img).resize(
          Math.round((meta.width ?? 1) * k),
          Math.round((meta.height ?? 1) * k),
        );
        if (Number(b.gfpgan_visibility ?? 0) > 0 || Number(b.codeformer_visibility ?? 0) > 0)
          s = s.sharpen();
        return json(200, { html_info: '', image: (await s.png().toBuffer()).toString('base64') });
      }
      case 'POST /rembg': {
        const img = Buffer.from(String(body().input_image ?? ''), 'base64');
        const out = await sharp(img).ensureAlpha(0.5).png().toBuffer();
        return json(200, { image: out.toString('base64') });
      }
      default:
        return json(404, { detail: 'Not Found' });
    }
  };

  const server = await startFakeServer(handle);
  // The state object itself is the fake: tests read and set its fields live.
  return Object.assign(state, { url: server.url, requests: server.requests, close: server.close });
}
