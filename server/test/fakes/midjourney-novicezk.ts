import type http from 'node:http';
import {
  answer,
  startFakeMjServer,
  type FakeMjBase,
  type FakeMjTask,
  type Json,
  type Kit,
} from './midjourney-core.js';

/**
 * A fake of the open-source novicezk/midjourney-proxy v2.6 on 127.0.0.1
 * (https://github.com/novicezk/midjourney-proxy: `controller/SubmitController.java`,
 * `controller/TaskController.java`, `dto/SubmitChangeDTO.java`, `dto/SubmitSimpleChangeDTO.java`,
 * `util/ConvertUtils.convertChangeParams`, `support/Task.java`, `enums/TaskAction.java`,
 * `support/ApiAuthorizeInterceptor.java`). The common part is `midjourney-core.ts`. Here:
 * - a wrong `mj-api-secret` answers HTTP 401 with an empty body;
 * - a task has no `buttons` (Task.java has none) and actions are IMAGINE, UPSCALE, VARIATION,
 *   REROLL, DESCRIBE, BLEND; there is no `/mj/submit/action`, `/modal` nor `/mj/insight-face`
 *   and no speed prefix: those answer Spring's 404;
 * - `/mj/submit/change {taskId, action UPSCALE|VARIATION|REROLL, index}` and
 *   `/mj/submit/simple-change {content: "<id> U2"}` act on a finished IMAGINE, VARIATION,
 *   REROLL or BLEND: no taskId / a bad action / a parent not finished or of another action is
 *   code 4, an unknown parent code 3;
 * - a fetch of no task answers HTTP 200 with an empty body (the controller returns null).
 */
export type FakeNovicezkProxy = FakeMjBase;

const CHANGES = ['UPSCALE', 'VARIATION', 'REROLL'];

function change(body: Json, kit: Kit): Json {
  const taskId = typeof body.taskId === 'string' ? body.taskId.trim() : '';
  if (!taskId) return answer(4, 'taskId不能为空', null);
  const action = String(body.action ?? '');
  if (!CHANGES.includes(action)) return answer(4, 'action参数错误', null);
  const target = kit.fake.tasks.get(taskId);
  if (!target) return answer(3, '关联任务不存在或已失效', null);
  if (target.status !== 'SUCCESS') return answer(4, '关联任务状态错误', null);
  if (!['IMAGINE', 'VARIATION', 'REROLL', 'BLEND'].includes(target.action))
    return answer(4, '关联任务不允许执行变化', null);
  const index = Number(body.index);
  const task = kit.newTask(action, target.prompt, body);
  task.description = action === 'REROLL' ? `/up ${taskId} R` : `/up ${taskId} ${action[0]}${index}`;
  task.properties.finalPrompt = target.properties.finalPrompt;
  task.properties.referencedMessageId = target.properties.messageId;
  task.properties.changeIndex = action === 'REROLL' ? null : index;
  return kit.accepted(task, action === 'UPSCALE');
}

/** `ConvertUtils.convertChangeParams`: "<id> U1".."V4" or "<id> R". */
function simpleChange(body: Json, kit: Kit): Json {
  const parts = String(body.content ?? '')
    .split(' ')
    .filter(Boolean);
  const verb = parts[1]?.toLowerCase() ?? '';
  if (parts.length !== 2) return answer(4, 'content参数错误', null);
  const action =
    verb[0] === 'u' ? 'UPSCALE' : verb[0] === 'v' ? 'VARIATION' : verb === 'r' ? 'REROLL' : '';
  const index = Number(verb.slice(1, 2));
  if (!action || (action !== 'REROLL' && !(index >= 1 && index <= 4)))
    return answer(4, 'content参数错误', null);
  return change({ ...body, taskId: parts[0], action, index }, kit);
}

export function startFakeNovicezkProxy(
  options: { secret?: string; stepMs?: number } = {},
): Promise<FakeNovicezkProxy> {
  return startFakeMjServer<FakeNovicezkProxy>(options, {
    extend: (base) => base,
    route: (path) => ({ path, mode: null }),
    refuse: (res: http.ServerResponse) => {
      res.writeHead(401);
      res.end();
    },
    buttonsOf: (_task: FakeMjTask) => undefined,
    submit: (path, body, kit) => {
      const common = kit.common(path, body);
      if (common) return common;
      if (path === '/mj/submit/change') return change(body, kit);
      if (path === '/mj/submit/simple-change') return simpleChange(body, kit);
      return null;
    },
  });
}
