import type { Localized } from '../../http/messages.js';

/** Every text the files module shows a user, in the three interface languages. */
export const texts = {
  noFile: {
    'en-US': 'Choose a picture to upload (form field "file")',
    'zh-CN': '请选择要上传的图片（表单字段 "file"）',
    'zh-TW': '請選擇要上傳的圖片（表單欄位 "file"）',
  },
  notImage: {
    'en-US': 'Only PNG, JPEG, WebP and GIF pictures can be uploaded',
    'zh-CN': '只能上传 PNG、JPEG、WebP 或 GIF 图片',
    'zh-TW': '只能上傳 PNG、JPEG、WebP 或 GIF 圖片',
  },
  tooLarge: {
    'en-US': 'The picture is larger than {max} MB',
    'zh-CN': '图片超过 {max} MB',
    'zh-TW': '圖片超過 {max} MB',
  },
  fileNotFound: {
    'en-US': 'No such file',
    'zh-CN': '文件不存在',
    'zh-TW': '檔案不存在',
  },
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
