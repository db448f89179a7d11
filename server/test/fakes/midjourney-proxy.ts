import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/**
 * A fake midjourney-proxy on 127.0.0.1 speaking its wire format (novicezk's paths, trueai's
 * `/mj-fast|relax|turbo` prefixes and `/mj/insight-face/swap`):
 * - every call needs `mj-api-secret` (401 without the right one);
 * - submits answer `{code, description, result, properties}`: 1 accepted, 21 waiting for a
 *   modal (vary region, custom zoom, and variations/rerolls in remix mode), 22 queued
 *   (`numberOfQueues`), 23 queue full, 24 banned prompt (`properties.bannedWord`), 4 invalid;
 * - a task walks NOT_START → SUBMITTED → IN_PROGRESS 15 % → 40 % → 70 % → SUCCESS (or
 *   FAILURE) one step every `stepMs`, POSTing the whole task to its `notifyHook` at each change;
 * - a finished grid has the real buttons (`MJ::JOB::upsample::1::<hash>`…), an upscale the
 *   v6 ones; its `imageUrl` is a real PNG served by the fake.
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
  buttons: Array<{ customId: string; emoji: string; label: string; type: number; style: number }>;
  properties: Record<string, unknown>;
}

export interface FakeMjSubmit {
  path: string;
  /** `fast|relax|turbo` when the call came through a trueai prefix. */
  mode: string | null;
  secret: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeMidjourneyProxy {
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
  /** Variations and rerolls wait for a modal (code 21), as with remix mode on. */
  remix: boolean;
  /** The next N submits answer code 23 (queue full). */
  queueFullNext: number;
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
  submitsTo(path: string): FakeMjSubmit[];
  lastSubmit(): FakeMjSubmit;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const STEPS: Array<[string, string]> = [
  ['SUBMITTED', '0%'],
  ['IN_PROGRESS', '15%'],
  ['IN_PROGRESS', '40%'],
  ['IN_PROGRESS', '70%'],
];

export async function startFakeMidjourneyProxy(
  options: { secret?: string; stepMs?: number } = {},
): Promise<FakeMidjourneyProxy> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const images = new Map<string, { grid: boolean; hue: number }>();
  const fake: FakeMidjourneyProxy = {
    url: '',
    secret: options.secret ?? 'fake-mj-secret',
    submits: [],
    requests: [],
    tasks: new Map(),
    deliveries: [],
    stepMs: options.stepMs ?? 25,
    bannedWords: ['bannedword'],
    remix: false,
    queueFullNext: 0,
    queuedNext: 0,
    http500Next: 0,
    failNextTasks: 0,
    muteHooks: false,
    hangSubmits: false,
    submitsTo: (path) => fake.submits.filter((s) => s.path === path),
    lastSubmit: () => fake.submits[fake.submits.length - 1]!,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

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

  const gridButtons = (hash: string) => [
    ...[1, 2, 3, 4].map((i) => ({
      customId: `MJ::JOB::upsample::${i}::${hash}`,
      emoji: '',
      label: `U${i}`,
      type: 2,
      style: 2,
    })),
    { customId: `MJ::JOB::reroll::0::${hash}::SOLO`, emoji: '🔄', label: '', type: 2, style: 2 },
    ...[1, 2, 3, 4].map((i) => ({
      customId: `MJ::JOB::variation::${i}::${hash}`,
      emoji: '',
      label: `V${i}`,
      type: 2,
      style: 2,
    })),
  ];
  const soloButtons = (hash: string) =>
    [
      ['MJ::JOB::upsample_v6_2x_subtle::1', 'Upscale (Subtle)', ''],
      ['MJ::JOB::upsample_v6_2x_creative::1', 'Upscale (Creative)', ''],
      ['MJ::JOB::high_variation::1', 'Vary (Strong)', '🪄'],
      ['MJ::JOB::low_variation::1', 'Vary (Subtle)', '🪄'],
      ['MJ::Inpaint::1', 'Vary (Region)', '🖌️'],
      ['MJ::Outpaint::50::1', 'Zoom Out 2x', '🔍'],
      ['MJ::Outpaint::75::1', 'Zoom Out 1.5x', '🔍'],
      ['MJ::JOB::pan_left::1', '', '⬅️'],
      ['MJ::JOB::pan_right::1', '', '➡️'],
      ['MJ::JOB::pan_up::1', '', '⬆️'],
      ['MJ::JOB::pan_down::1', '', '⬇️'],
    ]
      .map(([id, label, emoji]) => ({
        customId: `${id}::${hash}::SOLO`,
        emoji: emoji!,
        label: label!,
        type: 2,
        style: 2,
      }))
      .concat([
        {
          customId: `MJ::CustomZoom::${hash}`,
          emoji: '🔍',
          label: 'Custom Zoom',
          type: 2,
          style: 2,
        },
      ]);

  const ACTION_OF: Array<[RegExp, string]> = [
    [/^MJ::JOB::upsample::/, 'UPSCALE'],
    [/^MJ::JOB::upsample_v/, 'UPSCALE'],
    [/^MJ::JOB::variation::/, 'VARIATION'],
    [/^MJ::JOB::(high|low)_variation::/, 'VARIATION'],
    [/^MJ::JOB::reroll::/, 'REROLL'],
    [/^MJ::Outpaint::/, 'OUTPAINT'],
    [/^MJ::CustomZoom::/, 'OUTPAINT'],
    [/^MJ::JOB::pan_/, 'PAN'],
    [/^MJ::Inpaint::/, 'INPAINT'],
  ];

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
      buttons: [],
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
        later(step, fake.stepMs);
        return;
      }
      const hash = randomUUID();
      task.status = 'SUCCESS';
      task.progress = '100%';
      task.finishTime = Date.now();
      task.properties.messageHash = hash;
      if (task.action !== 'DESCRIBE') {
        images.set(task.id, { grid: !single, hue: Number(task.id.slice(-3)) % 360 });
        task.imageUrl = `${fake.url}/attachments/${task.id}.png`;
      }
      const noButtons = ['DESCRIBE', 'SWAP_FACE'].includes(task.action);
      task.buttons = noButtons ? [] : single ? soloButtons(hash) : gridButtons(hash);
      notify(task);
    };
    later(step, fake.stepMs);
  };

  const answer = (code: number, description: string, result: string | null, properties = {}) => ({
    code,
    description,
    result,
    properties,
  });

  const isImage = (s: unknown) => typeof s === 'string' && /^data:image\/\w+;base64,./.test(s);

  const submit = (path: string, body: Json): Json => {
    if (fake.queueFullNext > 0) {
      fake.queueFullNext--;
      return answer(23, '队列已满，请稍后尝试', null, { numberOfQueues: 10 });
    }
    const queued = fake.queuedNext > 0;
    if (queued) fake.queuedNext--;
    const accepted = (task: FakeMjTask, single: boolean) => {
      run(task, single);
      return queued
        ? answer(22, '排队中，前面还有2个任务', task.id, { numberOfQueues: 2 })
        : answer(1, '提交成功', task.id);
    };
    const checkBanned = (prompt: string) =>
      fake.bannedWords.find((w) => prompt.toLowerCase().includes(w.toLowerCase()));

    switch (path) {
      case '/mj/submit/imagine': {
        const prompt = body.prompt;
        if (typeof prompt !== 'string' || !prompt.trim()) return answer(4, 'prompt不能为空', null);
        const banned = checkBanned(prompt);
        if (banned)
          return answer(24, '可能包含敏感词', null, { promptEn: prompt, bannedWord: banned });
        const arr = body.base64Array;
        if (arr !== undefined && (!Array.isArray(arr) || !arr.every(isImage)))
          return answer(4, 'base64格式错误', null);
        return accepted(newTask('IMAGINE', prompt, body), false);
      }
      case '/mj/submit/blend': {
        const arr = body.base64Array;
        if (!Array.isArray(arr) || arr.length < 2 || arr.length > 5 || !arr.every(isImage))
          return answer(4, 'base64List参数错误', null);
        if (!['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(String(body.dimensions)))
          return answer(4, 'dimensions参数错误', null);
        return accepted(newTask('BLEND', '', body), false);
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
        return accepted(task, true);
      }
      case '/mj/insight-face/swap': {
        if (!isImage(body.sourceBase64) || !isImage(body.targetBase64))
          return answer(4, 'base64格式错误', null);
        return accepted(newTask('SWAP_FACE', '', body), true);
      }
      case '/mj/submit/action': {
        const parent = fake.tasks.get(String(body.taskId));
        if (!parent) return answer(3, '关联任务不存在或已失效', null);
        const customId = String(body.customId ?? '');
        if (!parent.buttons.some((b) => b.customId === customId))
          return answer(4, 'customId不存在', null);
        const action = ACTION_OF.find(([re]) => re.test(customId))?.[1] ?? 'UPSCALE';
        const task = newTask(action, parent.prompt, body);
        task.properties.customId = customId;
        task.properties.parentId = parent.id;
        const modal =
          /^MJ::(Inpaint|CustomZoom)::/.test(customId) ||
          (fake.remix &&
            /^MJ::JOB::(variation|reroll|high_variation|low_variation)::/.test(customId));
        if (modal) {
          task.status = 'MODAL';
          return answer(21, 'Waiting for window confirm', task.id, { remix: true });
        }
        const single = /^MJ::JOB::upsample/.test(customId);
        return accepted(task, single);
      }
      case '/mj/submit/modal': {
        const task = fake.tasks.get(String(body.taskId));
        if (!task || task.status !== 'MODAL') return answer(3, '任务不存在或不在等待窗口', null);
        const customId = String(task.properties.customId ?? '');
        if (customId.startsWith('MJ::Inpaint::') && typeof body.maskBase64 !== 'string')
          return answer(4, 'maskBase64不能为空', null);
        if (typeof body.prompt === 'string' && body.prompt) {
          const banned = checkBanned(body.prompt);
          if (banned) return answer(24, '可能包含敏感词', null, { bannedWord: banned });
          task.prompt = body.prompt;
          task.promptEn = body.prompt;
          task.properties.finalPrompt = body.prompt;
        }
        task.properties.maskBase64 = typeof body.maskBase64 === 'string';
        task.status = 'NOT_START';
        return accepted(task, false);
      }
      default:
        return answer(4, `unknown ${path}`, null);
    }
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
        let path = url.pathname;
        const secret = req.headers['mj-api-secret'] as string | undefined;
        fake.requests.push({ method: req.method ?? 'GET', path, secret });
        const send = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        const image = path.match(/^\/attachments\/(\w+)\.png$/);
        if (image) {
          const bytes = await png(image[1]!);
          if (!bytes) return send(404, { error: 'not found' });
          res.writeHead(200, { 'content-type': 'image/png' });
          return res.end(bytes);
        }
        if (fake.http500Next > 0) {
          fake.http500Next--;
          return send(500, { error: 'Internal Server Error' });
        }
        if (secret !== fake.secret) return send(401, { code: 401, description: '未授权' });
        const prefixed = path.match(/^\/mj-(fast|relax|turbo)(\/mj\/.*)$/);
        const mode = prefixed ? prefixed[1]! : null;
        if (prefixed) path = prefixed[2]!;
        let body: Json = {};
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          body = text ? (JSON.parse(text) as Json) : {};
        } catch {
          return send(400, { code: 4, description: 'JSON error' });
        }
        if (req.method === 'POST' && /^\/mj\/(submit\/\w+|insight-face\/swap)$/.test(path)) {
          fake.submits.push({ path, mode, secret, body });
          if (fake.hangSubmits) return;
          return send(200, submit(path, body));
        }
        const fetchMatch = path.match(/^\/mj\/task\/([^/]+)\/fetch$/);
        if (req.method === 'GET' && fetchMatch) {
          return send(200, fake.tasks.get(decodeURIComponent(fetchMatch[1]!)) ?? null);
        }
        if (req.method === 'POST' && path === '/mj/task/list-by-condition') {
          const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
          return send(
            200,
            ids.map((id) => fake.tasks.get(id)).filter((t): t is FakeMjTask => Boolean(t)),
          );
        }
        return send(404, { error: `no route ${req.method} ${path}` });
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
