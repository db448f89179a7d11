import type http from 'node:http';
import {
  answer,
  isImage,
  startFakeMjServer,
  type FakeMjBase,
  type FakeMjTask,
  type Json,
  type Kit,
} from './midjourney-core.js';
import { testClip } from './video-clip.js';

export type { FakeMjSubmit, FakeMjTask } from './midjourney-core.js';

/**
 * A fake midjourney-proxy fork with buttons, on 127.0.0.1, as trueai-org/midjourney-proxy
 * answers (https://github.com/trueai-org/midjourney-proxy: `src/Midjourney.API/Controllers/
 * SubmitController.cs` routes `mj/submit`, `mj-fast|mj-turbo|mj-relax/mj/submit`, action, modal;
 * `src/Midjourney.Services/TaskService.cs` SubmitAction; `InsightFaceController.cs`;
 * litter-coder/midjourney-proxy-plus `docs/api.md` for the buttons and the MODAL status). The
 * common part (codes, steps, notify hook, pictures) is `midjourney-core.ts`. Here:
 * - a wrong `mj-api-secret` answers 403 "未登录" (the controller's own refusal);
 * - a finished grid has the real buttons (`MJ::JOB::upsample::1::<hash>`…), an upscale the v6
 *   ones; `/mj/submit/action` takes one of them: a parent it does not know answers HTTP 404
 *   `{code: 3}`, a parent not finished code 4;
 * - custom zoom and vary region always wait for the modal; variations, rerolls and pans do
 *   when the account has remix on (`remix`) — answered code 21 "Waiting for window confirm"
 *   with `properties.remix: true`, the task in status MODAL; `enableRemix` on an account
 *   without remix is code 4;
 * - `existsNext`: the next action answers code 21 "任务已存在" with the earlier task of the same
 *   button as `result` (the "already exists" of novicezk's `SubmitResultVO` and New API's
 *   `relay/relay-mj.go` notes), its status and picture in `properties`;
 * - `/mj/submit/modal` runs a MODAL task (`prompt` empty: the parent's); `/mj/insight-face/swap`;
 * - `/mj/submit/video` (trueai-org `SubmitController.cs` Video, `Dto/SubmitVideoDTO.cs`,
 *   `Models/TaskInfo.cs`): with `video` off, code 4 "视频功能未启用" (the setting `EnableVideo`);
 *   no prompt, code 4; `taskId` with an `action` other than `extend`, code 4 "任务类型错误"; an
 *   unknown parent, HTTP 404 code 3; a parent not finished, code 4. A VIDEO task succeeds with
 *   `batchSize` (default 4) links `video/{id}/0_{i}.mp4` in `videoUrls`, the first also as
 *   `videoUrl` and `imageUrl` (as `TaskInfo` fills them), each a real MP4.
 */
export interface FakeMidjourneyProxy extends FakeMjBase {
  /** The fork's `EnableVideo` setting (`/mj/submit/video`). */
  video: boolean;
  /** The account has remix on: variations, rerolls and pans wait for a modal (code 21). */
  remix: boolean;
  /** The next N actions answer code 21 "already exists" with the earlier task of that button. */
  existsNext: number;
}

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
      { customId: `MJ::CustomZoom::${hash}`, emoji: '🔍', label: 'Custom Zoom', type: 2, style: 2 },
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

/** A 404 the fork answers with its own body (`NotFound(SubmitResultVO.Fail(...))`). */
const NOT_FOUND = Symbol('404');

function action(fake: FakeMidjourneyProxy, body: Json, kit: Kit): Json | typeof NOT_FOUND {
  const parent = fake.tasks.get(String(body.taskId));
  if (!parent) return NOT_FOUND;
  if (parent.status !== 'SUCCESS') return answer(4, '关联任务状态错误', null);
  const customId = String(body.customId ?? '');
  if (!(parent.buttons ?? []).some((b) => b.customId === customId))
    return answer(4, 'customId不存在', null);
  if (fake.existsNext > 0) {
    const earlier = [...fake.tasks.values()].find(
      (t) => t.properties.parentId === parent.id && t.properties.customId === customId,
    );
    if (earlier) {
      fake.existsNext--;
      return answer(21, '任务已存在', earlier.id, {
        status: earlier.status,
        imageUrl: earlier.imageUrl,
      });
    }
  }
  const kind = ACTION_OF.find(([re]) => re.test(customId))?.[1] ?? 'UPSCALE';
  const remixable = /^MJ::JOB::(variation|reroll|high_variation|low_variation|pan_)/.test(customId);
  if (body.enableRemix === true && remixable && !fake.remix)
    return answer(4, '当前账号不支持 remix，请开启 remix 功能', null);
  const task = kit.newTask(kind, parent.prompt, body);
  task.properties.customId = customId;
  task.properties.parentId = parent.id;
  if (/^MJ::(Inpaint|CustomZoom)::/.test(customId) || (fake.remix && remixable)) {
    task.status = 'MODAL';
    return answer(21, 'Waiting for window confirm', task.id, {
      finalPrompt: task.promptEn,
      remix: true,
    });
  }
  return kit.accepted(task, /^MJ::JOB::upsample/.test(customId));
}

function video(fake: FakeMidjourneyProxy, body: Json, kit: Kit): Json | typeof NOT_FOUND {
  if (!fake.video) return answer(4, '视频功能未启用', null);
  if (typeof body.prompt !== 'string' || !body.prompt.trim())
    return answer(4, 'Prompt 不能为空', null);
  let parent: FakeMjTask | undefined;
  if (typeof body.taskId === 'string' && body.taskId) {
    if (body.action !== 'extend') return answer(4, '任务类型错误', null);
    parent = fake.tasks.get(body.taskId);
    if (!parent) return NOT_FOUND;
    if (parent.status !== 'SUCCESS') return answer(4, '关联任务状态错误', null);
  }
  const task = kit.newTask('VIDEO', body.prompt, body);
  task.description = `/video ${body.prompt}`;
  task.properties.motion = body.motion ?? 'low';
  task.properties.batchSize = typeof body.batchSize === 'number' ? body.batchSize : 4;
  if (parent) task.properties.parentId = parent.id;
  return kit.accepted(task, true);
}

function modal(fake: FakeMidjourneyProxy, body: Json, kit: Kit): Json | typeof NOT_FOUND {
  const task = fake.tasks.get(String(body.taskId));
  if (!task) return NOT_FOUND;
  if (task.status !== 'MODAL') return answer(4, '任务状态错误', null);
  const customId = String(task.properties.customId ?? '');
  if (customId.startsWith('MJ::Inpaint::') && typeof body.maskBase64 !== 'string')
    return answer(4, 'maskBase64不能为空', null);
  // No prompt: the parent's (SubmitController.Modal).
  if (typeof body.prompt === 'string' && body.prompt) {
    const banned = kit.bannedIn(body.prompt);
    if (banned) return answer(24, '可能包含敏感词', null, { bannedWord: banned });
    task.prompt = body.prompt;
    task.promptEn = body.prompt;
    task.properties.finalPrompt = body.prompt;
  }
  task.properties.maskBase64 = typeof body.maskBase64 === 'string';
  task.status = 'NOT_START';
  return kit.accepted(task, false);
}

export async function startFakeMidjourneyProxy(
  options: { secret?: string; stepMs?: number } = {},
): Promise<FakeMidjourneyProxy> {
  let self: FakeMidjourneyProxy;
  let notFoundNow = false;
  let clip: Buffer | undefined;
  const as404 = (a: Json | typeof NOT_FOUND): Json => {
    if (a !== NOT_FOUND) return a;
    notFoundNow = true;
    return answer(3, '关联任务不存在或已失效', null);
  };
  return startFakeMjServer<FakeMidjourneyProxy>(options, {
    extend: (base) => {
      self = Object.assign(base, { remix: false, existsNext: 0, video: true });
      return self;
    },
    route: (path) => {
      const prefixed = path.match(/^\/mj-(fast|relax|turbo)(\/mj\/.*)$/);
      return prefixed ? { path: prefixed[2]!, mode: prefixed[1]! } : { path, mode: null };
    },
    refuse: (res: http.ServerResponse) => {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('未登录');
    },
    buttonsOf: (task: FakeMjTask, single, hash) => {
      if (['DESCRIBE', 'SWAP_FACE'].includes(task.action)) return [];
      return single ? soloButtons(hash) : gridButtons(hash);
    },
    submit: (path, body, kit) => {
      notFoundNow = false;
      const common = kit.common(path, body);
      if (common) return common;
      switch (path) {
        case '/mj/insight-face/swap':
          if (!isImage(body.sourceBase64) || !isImage(body.targetBase64))
            return answer(4, 'base64格式错误', null);
          return kit.accepted(kit.newTask('SWAP_FACE', '', body), true);
        case '/mj/submit/action':
          return as404(action(self, body, kit));
        case '/mj/submit/modal':
          return as404(modal(self, body, kit));
        case '/mj/submit/video':
          return as404(video(self, body, kit));
        default:
          return null;
      }
    },
    status: () => (notFoundNow ? 404 : 200),
    finished: (task) => {
      if (task.action !== 'VIDEO') return;
      const n = Number(task.properties.batchSize) || 4;
      const urls = Array.from({ length: n }, (_, i) => `${self.url}/video/${task.id}/0_${i}.mp4`);
      Object.assign(task, {
        imageUrl: urls[0],
        videoUrl: urls[0],
        videoUrls: urls.map((url) => ({ url })),
        buttons: [],
      });
    },
    serve: async (path) => {
      if (!/^\/video\/\w+\/0_\d\.mp4$/.test(path)) return null;
      clip ??= testClip(1);
      return { type: 'video/mp4', bytes: clip };
    },
  });
}
