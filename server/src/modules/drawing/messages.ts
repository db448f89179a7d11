import type { Localized } from '../../http/messages.js';

/** Every text the drawing module shows a user, in the three interface languages. */
export const texts = {
  taskNotFound: {
    'en-US': 'No such drawing',
    'zh-CN': '没有这个绘画任务',
    'zh-TW': '沒有這個繪畫任務',
  },
  modelNotFound: {
    'en-US': 'This drawing model is not available',
    'zh-CN': '该绘画模型不可用',
    'zh-TW': '該繪畫模型不可用',
  },
  noModel: {
    'en-US': 'No drawing model is available',
    'zh-CN': '暂无可用的绘画模型',
    'zh-TW': '暫無可用的繪畫模型',
  },
  badFlag: {
    'en-US': 'The prompt cannot be drawn: {reason}',
    'zh-CN': '提示词有误：{reason}',
    'zh-TW': '提示詞有誤：{reason}',
  },
  imageNotFound: {
    'en-US': 'That picture is not one of yours',
    'zh-CN': '找不到这张图片（只能使用你自己的图片）',
    'zh-TW': '找不到這張圖片（只能使用你自己的圖片）',
  },
  notFinished: {
    'en-US': 'This drawing is not finished yet',
    'zh-CN': '该绘画尚未完成',
    'zh-TW': '該繪畫尚未完成',
  },
  unknownButton: {
    'en-US': 'This drawing has no such button',
    'zh-CN': '该绘画没有这个按钮',
    'zh-TW': '該繪畫沒有這個按鈕',
  },
  maskRequired: {
    'en-US': 'Draw the region to redraw first',
    'zh-CN': '请先涂抹需要重绘的区域',
    'zh-TW': '請先塗抹需要重繪的區域',
  },
  notAGrid: {
    'en-US': 'Only a 2×2 grid can be cut into four pictures',
    'zh-CN': '只有四宫格图片才能切分',
    'zh-TW': '只有四宮格圖片才能切分',
  },
  notFailed: {
    'en-US': 'Only a failed drawing can be run again',
    'zh-CN': '只有失败的绘画可以重新执行',
    'zh-TW': '只有失敗的繪畫可以重新執行',
  },
  banned: {
    'en-US': 'The prompt contains a banned word: "{word}". Nothing was charged.',
    'zh-CN': '提示词包含违禁词：“{word}”，未扣除积分。',
    'zh-TW': '提示詞包含違禁詞：「{word}」，未扣除積分。',
  },
  upstreamRefused: {
    'en-US': 'The drawing service refused the task and nothing was charged. {reason}',
    'zh-CN': '绘画服务拒绝了任务，未扣除积分。{reason}',
    'zh-TW': '繪畫服務拒絕了任務，未扣除積分。{reason}',
  },
  upstreamInvalid: {
    'en-US':
      'The drawing service did not accept this request (its settings or pictures). Nothing was charged.',
    'zh-CN': '绘画服务不接受这次请求（参数或图片有误），未扣除积分。',
    'zh-TW': '繪畫服務不接受這次請求（參數或圖片有誤），未扣除積分。',
  },
  upstreamNotFound: {
    'en-US':
      'The drawing service has no account free, or no longer knows the drawing this button belongs to. Nothing was charged.',
    'zh-CN': '绘画服务暂无可用账号，或已找不到该按钮所属的绘画，未扣除积分。',
    'zh-TW': '繪畫服務暫無可用帳號，或已找不到該按鈕所屬的繪畫，未扣除積分。',
  },
  upstreamQueueFull: {
    'en-US': 'The drawing service’s queue is full. Nothing was charged; please try again later.',
    'zh-CN': '绘画服务队列已满，未扣除积分，请稍后再试。',
    'zh-TW': '繪畫服務佇列已滿，未扣除積分，請稍後再試。',
  },
  buttonUnsupported: {
    'en-US': 'This drawing service cannot run that button. Nothing was charged.',
    'zh-CN': '该绘画服务不支持这个按钮，未扣除积分。',
    'zh-TW': '該繪畫服務不支援這個按鈕，未扣除積分。',
  },
  remixUnsupported: {
    'en-US': 'This drawing service cannot change the prompt of a variation (no remix).',
    'zh-CN': '该绘画服务不支持修改提示词后变换（Remix）。',
    'zh-TW': '該繪畫服務不支援修改提示詞後變換（Remix）。',
  },
  upstreamFailed: {
    'en-US': 'The drawing failed and nothing was charged. {reason}',
    'zh-CN': '绘画失败，未扣除积分。{reason}',
    'zh-TW': '繪畫失敗，未扣除積分。{reason}',
  },
  paramsInvalid: {
    'en-US': 'These parameters are not valid: {reason}',
    'zh-CN': '参数无效：{reason}',
    'zh-TW': '參數無效：{reason}',
  },
  notImageModel: {
    'en-US': 'This model cannot draw from a chat',
    'zh-CN': '该模型不支持对话绘图',
    'zh-TW': '該模型不支援對話繪圖',
  },
  nothingToZip: {
    'en-US': 'None of these drawings has a finished picture',
    'zh-CN': '这些绘画都没有已完成的图片',
    'zh-TW': '這些繪畫都沒有已完成的圖片',
  },
  videoUnsupported: {
    'en-US': 'This drawing model cannot make videos',
    'zh-CN': '该绘画模型不支持生成视频',
    'zh-TW': '該繪畫模型不支援生成影片',
  },
  videoNeedsPicture: {
    'en-US': 'Only a finished picture or video can be animated',
    'zh-CN': '只有已完成的图片或视频才能生成视频',
    'zh-TW': '只有已完成的圖片或影片才能生成影片',
  },
  faceswapUnsupported: {
    'en-US': 'This drawing model cannot swap faces',
    'zh-CN': '该绘画模型不支持换脸',
    'zh-TW': '該繪畫模型不支援換臉',
  },
  wordsGuestQuota: {
    'en-US':
      'Guests get {free} free translations and prompt ideas a day, all used today; sign in to use more',
    'zh-CN': '游客每天可免费翻译和联想 {free} 次，今天已用完；登录后可继续使用',
    'zh-TW': '訪客每天可免費翻譯和聯想 {free} 次，今天已用完；登入後可繼續使用',
  },
  wordsGuestNetworkQuota: {
    'en-US':
      'The free translations and prompt ideas for guests on your network are all used today; sign in to use more',
    'zh-CN': '你所在网络的游客今天的免费翻译和联想次数已用完；登录后可继续使用',
    'zh-TW': '你所在網路的訪客今天的免費翻譯和聯想次數已用完；登入後可繼續使用',
  },
  wordsQuotaUsed: {
    'en-US':
      'Today’s {free} free translations and prompt ideas are used; more are offered again tomorrow',
    'zh-CN': '今天的 {free} 次免费翻译和联想已用完，明天可再使用',
    'zh-TW': '今天的 {free} 次免費翻譯和聯想已用完，明天可再使用',
  },
  translateFailed: {
    'en-US': 'Translation is not available right now',
    'zh-CN': '翻译暂不可用',
    'zh-TW': '翻譯暫不可用',
  },
} satisfies Record<string, Localized>;
