import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/**
 * What the two midjourney-proxy fakes share, because their sources share it: novicezk's open
 * source (https://github.com/novicezk/midjourney-proxy v2.6, `support/Task.java`,
 * `result/SubmitResultVO.java`, `ReturnCode.java`, `loadbalancer/DiscordInstanceImpl.java`,
 * `service/NotifyServiceImpl.java`, `controller/SubmitController.java` imagine / blend /
 * describe) and the forks that kept it (trueai-org/midjourney-proxy `SubmitController.cs`,
 * `ReturnCode.cs`).
 * - submits answer HTTP 200 `{code, description, result, properties}`: 1 accepted, 22 queued
 *   (`numberOfQueues`), 23 queue full, 24 banned prompt (`promptEn`, `bannedWord`), 4 invalid;
 * - a task walks NOT_START → SUBMITTED → IN_PROGRESS 15 % → 40 % → 70 % → SUCCESS (or
 *   FAILURE) one step every `stepMs`, POSTing the whole task to its `notifyHook` at each change;
 * - its `imageUrl` is a real PNG served by the fake (a 2×2 grid, or one picture).
 * What differs (buttons, action/modal or change, prefixes, how a wrong secret is refused) is the
 * variant's: `midjourney-proxy.ts` (the forks), `midjourney-novicezk.ts` (v2.6).
 */
export interface FakeMjTask {
  id: string;
  action: string;
  status: string;
  progress: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string | null;
  submitTime: number;
  startTime: number | null;
  finishTime: number | null;
  imageUrl: string | null;
  failReason: string | null;
  /** The forks only: novicezk v2.6's Task has no buttons (the field is left out of its JSON). */
  buttons?: Array<{ customId: string; emoji: string; label: string; type: number; style: number }>;
  properties: Record<string, unknown>;
}

export interface FakeMjSubmit {
  path: string;
  /** `fast|relax|turbo` when the call came through a speed prefix. */
  mode: string | null;
  secret: string | undefined;
  body: Record<string, unknown>;
}

export type Json = Record<string, unknown>;

/** The state and knobs every variant has. */
export interface FakeMjBase {
  url: string;
  secret: string;
  /** Every submit received (after the secret check), in order. */
  submits: FakeMjSubmit[];
  /** Every request, with the secret header it carried. */
  requests: Array<{ method: string; path: string; secret: string | undefined }>;
  tasks: Map<string, FakeMjTask>;
  /** Notify hook POSTs and what our server answered. */
  deliveries: Array<{ url: string; status: number; taskStatus: string }>;
  /** Milliseconds between two progress steps. */
  stepMs: number;
  /** Prompts containing one of these answer code 24. */
  bannedWords: string[];
  /** The next N submits answer code 23 (queue full). */
  queueFullNext: number;
  /** The next submits answer these refusals (code and description as the source words them). */
  refuseNext: Array<{ code: number; description: string }>;
  /** The next N submits answer code 22 (queued) with this many ahead. */
  queuedNext: number;
  /** The next N requests answer HTTP 500. */
  http500Next: number;
  /** The next N tasks end FAILURE at 40 %. */
  failNextTasks: number;
  /** Do not POST notify hooks (only polling sees the progress). */
  muteHooks: boolean;
  /** Record submits but never answer them (a proxy that hangs: our step timeout must fire). */
  hangSubmits: boolean;
  /**
   * Tasks stop at IN_PROGRESS 40 % until `release()` (a Discord job that takes its time, as a
   * relaxed or busy account's do), so a test can act while a drawing is surely running.
   */
  hold: boolean;
  /** Lets every held task go on (and stops holding new ones). */
  release(): void;
  submitsTo(path: string): FakeMjSubmit[];
  lastSubmit(): FakeMjSubmit;
  close(): Promise<void>;
}

const STEPS: Array<[string, string]> = [
  ['SUBMITTED', '0%'],
  ['IN_PROGRESS', '15%'],
  ['IN_PROGRESS', '40%'],
  ['IN_PROGRESS', '70%'],
];

export const answer = (
  code: number,
  description: string,
  result: string | null,
  properties: Json = {},
) => ({ code, description, result, properties });

export const isImage = (s: unknown) => typeof s === 'string' && /^data:image\/\w+;base64,./.test(s);

/** What a variant does with a finished task (its buttons) and with one submit. */
export interface Variant<F extends FakeMjBase> {
  /** Buttons of a finished task, or undefined when the variant has none. */
  buttonsOf(task: FakeMjTask, single: boolean, hash: string): FakeMjTask['buttons'];
  /** The answer to a submit of `path` (already past the secret), or null: no such route. */
  submit(path: string, body: Json, kit: Kit): Json | null;
  /** How a request with a wrong secret is answered. */
  refuse(res: http.ServerResponse): void;
  /** Splits a speed prefix off the path (the forks' `/mj-fast/mj/…`). */
  route(path: string): { path: string; mode: string | null };
  extend(base: FakeMjBase): F;
  /** The HTTP status of the submit just answered (the forks answer a missing task 404). */
  status?(): number;
  /** Changes a task as it succeeds (a fork's video task answers video links). */
  finished?(task: FakeMjTask): void;
  /** Serves a file of its own (no secret, as a CDN link), or null. */
  serve?(path: string): Promise<{ type: string; bytes: Buffer } | null>;
}

/** What a variant's submit may use. */
export interface Kit {
  fake: FakeMjBase;
  newTask(action: string, prompt: string, body: Json): FakeMjTask;
  /** Starts a task and answers 1, or 22 when the fake was told to queue. */
  accepted(task: FakeMjTask, single: boolean): Json;
  bannedIn(prompt: string): string | undefined;
  /** imagine / blend / describe as novicezk's `SubmitController` checks them. */
  common(path: string, body: Json): Json | null;
}

export async function startFakeMjServer<F extends FakeMjBase>(
  options: { secret?: string; stepMs?: number },
  variant: Variant<F>,
): Promise<F> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const images = new Map<string, { grid: boolean; hue: number }>();
  const held: Array<() => void> = [];
  const base: FakeMjBase = {
    url: '',
    secret: options.secret ?? 'fake-mj-secret',
    submits: [],
    requests: [],
    tasks: new Map(),
    deliveries: [],
    stepMs: options.stepMs ?? 25,
    bannedWords: ['bannedword'],
    queueFullNext: 0,
    refuseNext: [],
    queuedNext: 0,
    http500Next: 0,
    failNextTasks: 0,
    muteHooks: false,
    hangSubmits: false,
    hold: false,
    release: () => {
      fake.hold = false;
      for (const resume of held.splice(0)) resume();
    },
    submitsTo: (path) => fake.submits.filter((s) => s.path === path),
    lastSubmit: () => fake.submits[fake.submits.length - 1]!,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const fake = variant.extend(base);

  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const notify = (task: FakeMjTask) => {
    const hook = task.properties.notifyHook;
    if (fake.muteHooks || typeof hook !== 'string' || !hook) return;
    const body = JSON.stringify(task);
    fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
      (res) => fake.deliveries.push({ url: hook, status: res.status, taskStatus: task.status }),
      () => fake.deliveries.push({ url: hook, status: 0, taskStatus: task.status }),
    );
  };

  const newTask = (action: string, prompt: string, body: Json): FakeMjTask => {
    const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const task: FakeMjTask = {
      id,
      action,
      status: 'NOT_START',
      progress: '0%',
      prompt,
      promptEn: prompt,
      description: `/${action.toLowerCase()} ${prompt}`.trim(),
      state: typeof body.state === 'string' ? body.state : null,
      submitTime: Date.now(),
      startTime: null,
      finishTime: null,
      imageUrl: null,
      failReason: null,
      properties: {
        notifyHook: typeof body.notifyHook === 'string' ? body.notifyHook : null,
        finalPrompt: prompt,
      },
    };
    fake.tasks.set(id, task);
    return task;
  };

  const run = (task: FakeMjTask, single: boolean) => {
    const fail = fake.failNextTasks > 0;
    if (fail) fake.failNextTasks--;
    let i = 0;
    const step = () => {
      if (i < STEPS.length) {
        const [status, progress] = STEPS[i]!;
        i++;
        task.status = status;
        task.progress = progress;
        if (status === 'IN_PROGRESS' && !task.startTime) task.startTime = Date.now();
        if (fail && progress === '40%') {
          task.status = 'FAILURE';
          task.failReason = 'Fake failure: the job was refused upstream';
          task.finishTime = Date.now();
          notify(task);
          return;
        }
        notify(task);
        if (fake.hold && progress === '40%') held.push(() => later(step, fake.stepMs));
        else later(step, fake.stepMs);
        return;
      }
      const hash = randomUUID();
      task.status = 'SUCCESS';
      task.progress = '100%';
      task.finishTime = Date.now();
      task.properties.messageId = `${Date.now()}`;
      task.properties.messageHash = hash;
      if (task.action !== 'DESCRIBE') {
        images.set(task.id, { grid: !single, hue: Number(task.id.slice(-3)) % 360 });
        task.imageUrl = `${fake.url}/attachments/${task.id}.png`;
      }
      const buttons = variant.buttonsOf(task, single, hash);
      if (buttons) task.buttons = buttons;
      variant.finished?.(task);
      notify(task);
    };
    later(step, fake.stepMs);
  };

  const bannedIn = (prompt: string) =>
    fake.bannedWords.find((w) => prompt.toLowerCase().includes(w.toLowerCase()));

  const kit: Kit = {
    fake,
    newTask,
    bannedIn,
    accepted: (task, single) => {
      const queued = fake.queuedNext > 0;
      if (queued) fake.queuedNext--;
      run(task, single);
      return queued
        ? answer(22, '排队中，前面还有2个任务', task.id, { numberOfQueues: 2 })
        : answer(1, '提交成功', task.id);
    },
    common: (path, body) => {
      switch (path) {
        case '/mj/submit/imagine': {
          const prompt = body.prompt;
          if (typeof prompt !== 'string' || !prompt.trim())
            return answer(4, 'prompt不能为空', null);
          const banned = bannedIn(prompt);
          if (banned)
            return answer(24, '可能包含敏感词', null, { promptEn: prompt, bannedWord: banned });
          const arr = body.base64Array;
          if (arr !== undefined && (!Array.isArray(arr) || !arr.every(isImage)))
            return answer(4, 'base64格式错误', null);
          return kit.accepted(newTask('IMAGINE', prompt, body), false);
        }
        case '/mj/submit/blend': {
          const arr = body.base64Array;
          if (!Array.isArray(arr) || arr.length < 2 || arr.length > 5)
            return answer(4, 'base64List参数错误', null);
          if (!['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(String(body.dimensions)))
            return answer(4, 'dimensions参数错误', null);
          if (!arr.every(isImage)) return answer(4, 'base64格式错误', null);
          return kit.accepted(newTask('BLEND', '', body), false);
        }
        case '/mj/submit/describe': {
          if (!isImage(body.base64)) return answer(4, 'base64格式错误', null);
          const task = newTask('DESCRIBE', '', body);
          const prompts = [1, 2, 3, 4].map(
            (i) => `${'①②③④'[i - 1]} fake described scene ${i} --ar 1:1`,
          );
          task.prompt = prompts.join('\n\n');
          task.promptEn = task.prompt;
          task.properties.finalPrompt = task.prompt;
          return kit.accepted(task, true);
        }
        default:
          return null;
      }
    },
  };

  const submit = (path: string, body: Json): Json | null => {
    if (fake.queueFullNext > 0) {
      fake.queueFullNext--;
      return answer(23, '队列已满，请稍后尝试', null, { numberOfQueues: 10 });
    }
    const refusal = fake.refuseNext.shift();
    if (refusal) return answer(refusal.code, refusal.description, null);
    return variant.submit(path, body, kit);
  };

  const png = async (id: string): Promise<Buffer | null> => {
    const img = images.get(id);
    if (!img) return null;
    const size = img.grid ? 64 : 48;
    const colour = (k: number) => ({
      r: (img.hue * 3 + k * 60) % 256,
      g: (img.hue * 5 + k * 90) % 256,
      b: (img.hue * 7 + k * 30) % 256,
    });
    const base = sharp({
      create: { width: size, height: size, channels: 3, background: colour(0) },
    });
    if (!img.grid) return base.png().toBuffer();
    const h = size / 2;
    const quads = await Promise.all(
      [1, 2, 3].map(async (k) => ({
        input: await sharp({
          create: { width: h, height: h, channels: 3, background: colour(k) },
        })
          .png()
          .toBuffer(),
        left: (k % 2) * h,
        top: Math.floor(k / 2) * h,
      })),
    );
    return base.composite(quads).png().toBuffer();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const secret = req.headers['mj-api-secret'] as string | undefined;
        fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, secret });
        const send = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          // A Java proxy writes nothing for a null answer (a fetch of no task).
          res.end(value === null ? '' : JSON.stringify(value));
        };
        const image = url.pathname.match(/^\/attachments\/(\w+)\.png$/);
        if (image) {
          const bytes = await png(image[1]!);
          if (!bytes) return send(404, { error: 'not found' });
          res.writeHead(200, { 'content-type': 'image/png' });
          return res.end(bytes);
        }
        const own = await variant.serve?.(url.pathname);
        if (own) {
          res.writeHead(200, { 'content-type': own.type });
          return res.end(own.bytes);
        }
        if (fake.http500Next > 0) {
          fake.http500Next--;
          return send(500, { error: 'Internal Server Error' });
        }
        if (secret !== fake.secret) return variant.refuse(res);
        const { path, mode } = variant.route(url.pathname);
        let body: Json = {};
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          body = text ? (JSON.parse(text) as Json) : {};
        } catch {
          return send(400, { code: 4, description: 'JSON error' });
        }
        if (req.method === 'POST' && /^\/mj\/(submit\/[\w-]+|insight-face\/swap)$/.test(path)) {
          const answered = fake.hangSubmits ? undefined : submit(path, body);
          if (answered === null) return notFound(res, path);
          fake.submits.push({ path, mode, secret, body });
          if (answered === undefined) return;
          return send(variant.status?.() ?? 200, answered);
        }
        const fetchMatch = path.match(/^\/mj\/task\/([^/]+)\/fetch$/);
        if (req.method === 'GET' && fetchMatch)
          return send(200, fake.tasks.get(decodeURIComponent(fetchMatch[1]!)) ?? null);
        if (req.method === 'POST' && path === '/mj/task/list-by-condition') {
          const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
          return send(
            200,
            ids.map((id) => fake.tasks.get(id)).filter((t): t is FakeMjTask => Boolean(t)),
          );
        }
        return notFound(res, path);
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Spring Boot's answer to a path it has no handler for (novicezk; the forks answer 404 too). */
function notFound(res: http.ServerResponse, path: string) {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      status: 404,
      error: 'Not Found',
      path: `/mj${path.replace(/^\/mj/, '')}`,
    }),
  );
}
