import type { Localized } from '../../http/messages.js';

/** Every text the tasks module shows a user, in the three interface languages. */
export const texts = {
  notFailed: {
    'en-US': 'Only a failed task can run again',
    'zh-CN': '只有失败的任务可以重新运行',
    'zh-TW': '只有失敗的任務可以重新執行',
  },
  nothingCharged: {
    'en-US': 'This task was not charged: there is nothing to refund',
    'zh-CN': '该任务未扣费，无需退款',
    'zh-TW': '該任務未扣費，無需退款',
  },
  alreadyRefunded: {
    'en-US': 'This task has already been refunded',
    'zh-CN': '该任务已退款',
    'zh-TW': '該任務已退款',
  },
  taskTimedOut: {
    'en-US': 'The task took too long and was stopped; your credits were returned',
    'zh-CN': '任务超时已停止，积分已退回',
    'zh-TW': '任務逾時已停止，積分已退回',
  },
  resultLinkRefused: {
    'en-US':
      'The service answered with a link to a private or local address, which is not fetched; your credits were returned',
    'zh-CN': '服务返回的结果链接指向私有或本地地址，已拒绝获取，积分已退回',
    'zh-TW': '服務返回的結果連結指向私有或本機位址，已拒絕取得，積分已退回',
  },
  taskUpstreamFailed: {
    'en-US': 'The service did not answer after several tries; your credits were returned',
    'zh-CN': '服务多次重试后仍未响应，积分已退回',
    'zh-TW': '服務多次重試後仍未回應，積分已退回',
  },
  taskUnconfirmed: {
    'en-US':
      'The service did not confirm the request, so it was not sent again; nothing was charged',
    'zh-CN': '服务未确认收到请求，为避免重复提交未再次发送；未扣除积分',
    'zh-TW': '服務未確認收到請求，為避免重複提交未再次傳送；未扣除積分',
  },
  taskNoRunner: {
    'en-US': 'This kind of task is not available any more; your credits were returned',
    'zh-CN': '此类任务已不可用，积分已退回',
    'zh-TW': '此類任務已不可用，積分已退回',
  },
  zipStorageFull: {
    'en-US': 'Your storage is full: delete some uploads, works or downloads and try again',
    'zh-CN': '您的存储空间已满：请删除一些上传、作品或下载后重试',
    'zh-TW': '您的儲存空間已滿：請刪除一些上傳、作品或下載後重試',
  },
  zipNothing: {
    'en-US': 'None of the chosen pictures can be found',
    'zh-CN': '找不到所选的图片',
    'zh-TW': '找不到所選的圖片',
  },
} satisfies Record<string, Localized>;
