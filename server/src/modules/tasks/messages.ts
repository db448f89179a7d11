import type { Localized } from '../../http/messages.js';

/** Every text the tasks module shows a user, in the three interface languages. */
export const texts = {
  taskTimedOut: {
    'en-US': 'The task took too long and was stopped; your credits were returned',
    'zh-CN': '任务超时已停止，积分已退回',
    'zh-TW': '任務逾時已停止，積分已退回',
  },
  taskUpstreamFailed: {
    'en-US': 'The service did not answer after several tries; your credits were returned',
    'zh-CN': '服务多次重试后仍未响应，积分已退回',
    'zh-TW': '服務多次重試後仍未回應，積分已退回',
  },
  taskNoRunner: {
    'en-US': 'This kind of task is not available any more; your credits were returned',
    'zh-CN': '此类任务已不可用，积分已退回',
    'zh-TW': '此類任務已不可用，積分已退回',
  },
  zipNothing: {
    'en-US': 'None of the chosen pictures can be found',
    'zh-CN': '找不到所选的图片',
    'zh-TW': '找不到所選的圖片',
  },
} satisfies Record<string, Localized>;
