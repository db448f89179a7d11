import type { Localized } from '../../http/messages.js';

/** Every text the files module shows a user, in the three interface languages. */
export const texts = {
  badForm: {
    'en-US':
      'The upload form cannot be read (it is incomplete or malformed); please send the file again',
    'zh-CN': '上传的表单无法读取（不完整或格式有误），请重新上传文件',
    'zh-TW': '上傳的表單無法讀取（不完整或格式有誤），請重新上傳檔案',
  },
  damagedImage: {
    'en-US': 'The picture is damaged and cannot be opened; please choose another file',
    'zh-CN': '图片已损坏，无法打开，请换一个文件',
    'zh-TW': '圖片已損壞，無法開啟，請換一個檔案',
  },
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
  tooManyPixels: {
    'en-US': 'The picture has too many pixels (at most {max} million, e.g. 8000 × 5000)',
    'zh-CN': '图片像素过多（最多 {max} 百万像素，例如 8000 × 5000）',
    'zh-TW': '圖片像素過多（最多 {max} 百萬像素，例如 8000 × 5000）',
  },
  storageFull: {
    'en-US':
      'Your storage is full ({used} MB of {quota} MB used); delete some uploads or works and try again',
    'zh-CN': '您的存储空间已满（已用 {used} MB，共 {quota} MB），请删除一些上传或作品后重试',
    'zh-TW': '您的儲存空間已滿（已用 {used} MB，共 {quota} MB），請刪除一些上傳或作品後重試',
  },
  fileNotFound: {
    'en-US': 'No such file',
    'zh-CN': '文件不存在',
    'zh-TW': '檔案不存在',
  },
} satisfies Record<string, Localized>;
