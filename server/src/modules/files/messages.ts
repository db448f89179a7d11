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
} satisfies Record<string, Localized>;
