import type { Localized } from '../../http/messages.js';

/** Every text the images module shows a user, in the three interface languages. */
export const texts = {
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
  imageNotFound: {
    'en-US': 'That picture is not one of yours',
    'zh-CN': '找不到这张图片（只能使用你自己的图片）',
    'zh-TW': '找不到這張圖片（只能使用你自己的圖片）',
  },
  notOffered: {
    'en-US': '{value} is not offered by this model',
    'zh-CN': '该模型不支持 {value}',
    'zh-TW': '該模型不支援 {value}',
  },
  noEdits: {
    'en-US': 'This model cannot start from reference pictures',
    'zh-CN': '该模型不支持参考图（图片编辑）',
    'zh-TW': '該模型不支援參考圖（圖片編輯）',
  },
  maskNeedsImage: {
    'en-US': 'A mask needs a reference picture',
    'zh-CN': '蒙版需要搭配参考图使用',
    'zh-TW': '遮罩需要搭配參考圖使用',
  },
  badMask: {
    'en-US': 'The mask is not a PNG picture',
    'zh-CN': '蒙版不是 PNG 图片',
    'zh-TW': '遮罩不是 PNG 圖片',
  },
  needsImage: {
    'en-US': 'Image-to-image needs a starting picture',
    'zh-CN': '图生图需要一张初始图片',
    'zh-TW': '圖生圖需要一張初始圖片',
  },
  upstreamRefused: {
    'en-US': 'The drawing service refused: {reason}',
    'zh-CN': '绘画服务拒绝了请求：{reason}',
    'zh-TW': '繪畫服務拒絕了請求：{reason}',
  },
  pictureGone: {
    'en-US': 'A picture this drawing needs is gone',
    'zh-CN': '任务所需的图片已不存在',
    'zh-TW': '任務所需的圖片已不存在',
  },
} satisfies Record<string, Localized>;
