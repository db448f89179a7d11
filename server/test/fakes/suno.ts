import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  advance,
  audioExt,
  coverBytes,
  gcuiJson,
  newApiJson,
  toneBytes,
  type FakeClip,
} from './suno-media.js';

/**
 * A fake Suno on 127.0.0.1, speaking either wire format of docs/music.md, Providers (New API:
 * QuantumNous/new-api `router/relay-router.go`, `controller/relay.go` `RelayTask`,
 * `relay/relay_task.go`, `relay/channel/task/suno/adaptor.go`, `dto/suno.go`, `model/task.go`;
 * suno-api: gcui-art/suno-api `src/app/api/<call>/route.ts` and `src/lib/SunoApi.ts`):
 * - `newapi`: `POST /suno/submit/music|lyrics` → `{code:"success", message:"", data:<task_id>}`;
 *   `GET /suno/fetch/{id}` → `{code:"success", data:<task>}`, `POST /suno/fetch {ids}` →
 *   `{code:"success", data:[<task>…]}`; a task's status NOT_START (as inserted) → SUBMITTED →
 *   QUEUED → IN_PROGRESS → SUCCESS | FAILURE, its progress "NN%". Refusals as
 *   `{code, message, data:null}` with their status: an extend (`continue_clip_id`) without
 *   `task_id` → 400 invalid_request "task id is empty"; a `task_id` that is not a task of the
 *   caller's → 400 task_not_exist "task_origin_not_exist"; lyrics without prompt → 400
 *   invalid_request "prompt_empty"; another action → 400 "invalid_action"; an unknown id to
 *   fetch → 400 task_not_exist; a wrong key → 401 `{error:{message, type:"new_api_error"}}`.
 *   `notify_hook` is not a field of `SunoSubmitReq`: it is dropped, nothing is ever pushed;
 * - `gcui`: `/api/generate`, `/api/custom_generate`, `/api/extend_audio` answer the clips at
 *   once, `/api/get?ids=` reads them, `/api/generate_lyrics`, `/api/concat`, `/api/get_limit`.
 * Every request makes two clips; with `failSecond` the second ends in error. Clips move one
 * step every `stepMs` (slow mode: a large one). Audio links expire `audioTtlMs` after the clip
 * completes (then 403), as Suno's CDN links do. Bearer key required (401 without).
 */
export interface FakeSuno {
  url: string;
  format: 'newapi' | 'gcui';
  key: string;
  stepMs: number;
  failSecond: boolean;
  audioTtlMs: number;
  clips: Map<string, FakeClip>;
  /** Submit bodies, in order (refused ones too). */
  submits: Array<{ path: string; body: Record<string, unknown> }>;
  /** Upstream jobs started (a submit accepted, or taken and its answer lost). */
  jobs: number;
  /** The next N submits start their job, then drop the connection without an answer. */
  dropSubmits: number;
  /** The next N submits are refused as an account out of quota (403 quota_not_enough). */
  quotaRefusals: number;
  /** Audio downloads refused because the link had expired. */
  expiredHits: number;
  /** Makes every audio link given so far expire now (as hours passing would). */
  expireLinks(): void;
  close(): Promise<void>;
}

interface NewApiTask {
  id: string;
  action: 'MUSIC' | 'LYRICS';
  clipIds: string[];
  lyrics: { text: string; title: string } | null;
  submitTime: number;
  steps: number;
}

type Json = Record<string, unknown>;

/** A submit taken whose answer is lost: the connection closes without one. */
const DROP = Symbol('drop');

export async function startFakeSuno(
  format: 'newapi' | 'gcui',
  opts: Partial<Pick<FakeSuno, 'stepMs' | 'failSecond' | 'audioTtlMs'>> = {},
): Promise<FakeSuno> {
  let seq = 0;
  const tasks = new Map<string, NewApiTask>();
  const timers = new Set<NodeJS.Timeout>();
  /** Audio made once per clip, from the moment it starts streaming (downloads are then quick). */
  const audio = new Map<string, Promise<Buffer>>();
  const audioOf = (c: FakeClip) => {
    let got = audio.get(c.id);
    if (!got) audio.set(c.id, (got = toneBytes(c.seconds, c.hz)));
    return got;
  };
  const sockets = new Set<Socket>();
  const fake: FakeSuno = {
    url: '',
    format,
    key: 'sk-fake-suno',
    stepMs: opts.stepMs ?? 30,
    failSecond: opts.failSecond ?? false,
    audioTtlMs: opts.audioTtlMs ?? 60_000,
    clips: new Map(),
    submits: [],
    jobs: 0,
    dropSubmits: 0,
    quotaRefusals: 0,
    expiredHits: 0,
    expireLinks: () => {
      for (const c of fake.clips.values()) if (c.expiresAt) c.expiresAt = Date.now() - 1;
    },
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const makeClips = (b: Json): FakeClip[] => {
    const lyric = String(b.prompt ?? '');
    const gpt = String(
      b.gpt_description_prompt ?? (format === 'gcui' && !b.tags ? b.prompt : '') ?? '',
    );
    const extendsId = String(b.continue_clip_id ?? b.audio_id ?? '') || null;
    return [0, 1].map((k) => {
      const n = ++seq;
      const clip: FakeClip = {
        id: `clip-${n}`,
        title: String(b.title ?? '') || `Fake song ${n}`,
        tags: String(b.tags ?? 'pop'),
        lyric: format === 'gcui' && !b.tags ? `[Verse]\nla la ${n}` : lyric,
        gptPrompt: gpt,
        model: String(b.mv ?? b.model ?? 'chirp-v4'),
        status: 'submitted',
        fails: fake.failSecond && k === 1,
        seconds: 2 + (n % 3),
        hz: 220 + n * 20,
        expiresAt: null,
        extendsId,
        continueAt: typeof b.continue_at === 'number' ? b.continue_at : null,
        createdAt: new Date().toISOString(),
      };
      fake.clips.set(clip.id, clip);
      return clip;
    });
  };

  const taskStatus = (t: NewApiTask) => {
    if (t.action === 'LYRICS') return t.steps >= 1 ? 'SUCCESS' : 'SUBMITTED';
    const clips = t.clipIds.map((id) => fake.clips.get(id)!);
    if (clips.every((c) => c.status === 'error')) return 'FAILURE';
    if (clips.every((c) => c.status === 'complete' || c.status === 'error')) return 'SUCCESS';
    return ['NOT_START', 'SUBMITTED', 'QUEUED', 'IN_PROGRESS'][Math.min(3, t.steps)]!;
  };

  const taskJson = (t: NewApiTask) => {
    const status = taskStatus(t);
    const done = status === 'SUCCESS' || status === 'FAILURE';
    return {
      task_id: t.id,
      action: t.action,
      status,
      fail_reason: status === 'FAILURE' ? 'all clips failed' : '',
      progress: done ? '100%' : `${Math.min(90, t.steps * 30)}%`,
      submit_time: t.submitTime,
      start_time: t.steps > 1 ? t.submitTime + fake.stepMs : 0,
      finish_time: done ? Date.now() : 0,
      data:
        t.action === 'LYRICS'
          ? t.steps >= 1
            ? { id: t.id, ...t.lyrics, status: 'complete' }
            : null
          : t.clipIds.map((id) => newApiJson(fake.clips.get(id)!, fake.url)),
    };
  };

  /** Moves a request's clips (and its New API task) one step at a time. */
  const run = (clips: FakeClip[], task: NewApiTask | null) => {
    const timer = setInterval(() => {
      for (const c of clips) {
        advance(c, fake.audioTtlMs);
        if (c.status === 'streaming') void audioOf(c);
      }
      if (task) task.steps++;
      const finished = clips.every((c) => c.status === 'complete' || c.status === 'error');
      if (finished && (!task || task.steps > 4)) {
        clearInterval(timer);
        timers.delete(timer);
      }
    }, fake.stepMs);
    timers.add(timer);
  };

  const newTask = (action: NewApiTask['action'], clips: FakeClip[], b: Json): NewApiTask => {
    const t: NewApiTask = {
      id: `task-${++seq}`,
      action,
      clipIds: clips.map((c) => c.id),
      lyrics: action === 'LYRICS' ? lyricsOf(String(b.prompt ?? '')) : null,
      submitTime: Date.now(),
      steps: 0,
    };
    tasks.set(t.id, t);
    run(clips, t);
    return t;
  };

  /** What `ValidateRequestAndSetAction` and `RelayTaskSubmit` refuse: [code, message]. */
  const newApiRefusal = (action: string, b: Json): [string, string] | null => {
    if (action !== 'MUSIC' && action !== 'LYRICS') return ['invalid_request', 'invalid_action'];
    if (action === 'LYRICS' && !b.prompt) return ['invalid_request', 'prompt_empty'];
    if (fake.quotaRefusals > 0) {
      fake.quotaRefusals--;
      return ['quota_not_enough', 'user quota is not enough'];
    }
    if (b.continue_clip_id) {
      if (!b.task_id) return ['invalid_request', 'task id is empty'];
      if (!tasks.has(String(b.task_id))) return ['task_not_exist', 'task_origin_not_exist'];
    }
    return null;
  };

  const lyricsOf = (prompt: string) => ({
    title: `Song of ${prompt.split(/\s+/)[0] ?? 'it'}`,
    text: `[Verse]\n${prompt}\nline two ${++seq}\n\n[Chorus]\noh ${prompt}`,
  });

  const route = async (
    method: string,
    path: string,
    query: URLSearchParams,
    b: Json,
  ): Promise<[number, unknown] | typeof DROP> => {
    if (format === 'newapi') {
      const submit = /^\/suno\/submit\/([^/]+)$/.exec(path);
      if (method === 'POST' && submit) {
        fake.submits.push({ path, body: b });
        const refused = newApiRefusal(submit[1]!.toUpperCase(), b);
        if (refused)
          return [
            refused[0] === 'quota_not_enough' ? 403 : 400,
            { code: refused[0], message: refused[1], data: null },
          ];
        fake.jobs++;
        const action = submit[1]!.toUpperCase() === 'LYRICS' ? 'LYRICS' : 'MUSIC';
        const id = newTask(action, action === 'MUSIC' ? makeClips(b) : [], b).id;
        if (fake.dropSubmits > 0) {
          fake.dropSubmits--;
          return DROP;
        }
        return [200, { code: 'success', message: '', data: id }];
      }
      const one = /^\/suno\/fetch\/([^/]+)$/.exec(path);
      if (method === 'GET' && one) {
        const t = tasks.get(decodeURIComponent(one[1]!));
        return t
          ? [200, { code: 'success', message: '', data: taskJson(t) }]
          : [400, { code: 'task_not_exist', message: 'task_not_exist', data: null }];
      }
      if (method === 'POST' && path === '/suno/fetch') {
        const ids = Array.isArray(b.ids) ? b.ids.map(String) : [];
        const list = ids.map((id) => tasks.get(id)).filter((t): t is NewApiTask => Boolean(t));
        return [200, { code: 'success', message: '', data: list.map(taskJson) }];
      }
      return [404, { error: `no route ${method} ${path}` }];
    }
    if (
      method === 'POST' &&
      ['/api/generate', '/api/custom_generate', '/api/extend_audio'].includes(path)
    ) {
      fake.submits.push({ path, body: b });
      if (path === '/api/extend_audio' && !fake.clips.has(String(b.audio_id)))
        return [400, { error: 'audio_id not found' }];
      fake.jobs++;
      const clips = makeClips(b);
      run(clips, null);
      return [200, clips.map((c) => gcuiJson(c, fake.url))];
    }
    if (method === 'GET' && path === '/api/get') {
      const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
      return [
        200,
        ids
          .map((id) => fake.clips.get(id))
          .filter((c): c is FakeClip => Boolean(c))
          .map((c) => gcuiJson(c, fake.url)),
      ];
    }
    if (method === 'POST' && path === '/api/generate_lyrics')
      return [200, { ...lyricsOf(String(b.prompt ?? '')), status: 'complete' }];
    if (method === 'GET' && path === '/api/get_limit')
      return [200, { credits_left: 500, period: 'day', monthly_limit: 5000, monthly_usage: 10 }];
    if (method === 'POST' && path === '/api/concat') {
      const clip = fake.clips.get(String(b.clip_id));
      if (!clip || clip.status !== 'complete') return [400, { error: 'clip not complete' }];
      let seconds = clip.seconds;
      for (
        let c = clip;
        c.extendsId && fake.clips.get(c.extendsId);
        c = fake.clips.get(c.extendsId)!
      )
        seconds += Math.min(c.continueAt ?? 0, fake.clips.get(c.extendsId)!.seconds);
      const whole: FakeClip = {
        ...clip,
        id: `concat-${++seq}`,
        status: 'submitted',
        fails: false,
        seconds,
        expiresAt: null,
        extendsId: null,
      };
      fake.clips.set(whole.id, whole);
      run([whole], null);
      return [200, gcuiJson(whole, fake.url)];
    }
    return [404, { error: `no route ${method} ${path}` }];
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const send = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        const media = /^\/(audio|image)\/([\w-]+)\.(mp3|wav|jpg)$/.exec(url.pathname);
        if (media && req.method === 'GET') {
          const clip = fake.clips.get(media[2]!);
          if (!clip || clip.status === 'submitted' || clip.status === 'queued')
            return send(404, { error: 'not found' });
          if (media[1] === 'image') {
            res.writeHead(200, { 'content-type': 'image/jpeg' });
            return res.end(await coverBytes(clip.hz));
          }
          const expires = Number(url.searchParams.get('expires') ?? 0);
          if (expires && Date.now() > expires) {
            fake.expiredHits++;
            res.writeHead(403, { 'content-type': 'application/xml' });
            return res.end(
              '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
            );
          }
          res.writeHead(200, { 'content-type': audioExt() === 'mp3' ? 'audio/mpeg' : 'audio/wav' });
          return res.end(await audioOf(clip));
        }
        if (req.headers.authorization !== `Bearer ${fake.key}`)
          return format === 'newapi'
            ? send(401, { error: { message: '未提供令牌', type: 'new_api_error' } })
            : send(401, { error: 'Unauthorized' });
        let body: Json = {};
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          body = text ? (JSON.parse(text) as Json) : {};
        } catch {
          return send(400, { error: 'bad json' });
        }
        const answer = await route(req.method ?? 'GET', url.pathname, url.searchParams, body);
        if (answer === DROP) return void req.socket.destroy();
        return send(answer[0], answer[1]);
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
