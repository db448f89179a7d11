import type { Localized } from '../../http/messages.js';
import { kindTexts } from '../kind-kit/index.js';

/** Every text the video module shows a user, in the three interface languages. */
export const texts = {
  ...kindTexts({ 'en-US': 'video', 'zh-CN': '视频', 'zh-TW': '影片' }),
  imageNotFound: {
    'en-US': 'That picture is not one of yours',
    'zh-CN': '找不到这张图片（只能使用你自己的图片）',
    'zh-TW': '找不到這張圖片（只能使用你自己的圖片）',
  },
  notAPicture: {
    'en-US': 'This is not a picture (PNG, JPEG, WebP or GIF)',
    'zh-CN': '这不是图片（请用 PNG、JPEG、WebP 或 GIF）',
    'zh-TW': '這不是圖片（請用 PNG、JPEG、WebP 或 GIF）',
  },
  pictureTooLarge: {
    'en-US': 'The picture is larger than {max} MB',
    'zh-CN': '图片超过 {max} MB',
    'zh-TW': '圖片超過 {max} MB',
  },
  badDuration: {
    'en-US': 'This model makes videos of {durations} seconds',
    'zh-CN': '该模型只支持 {durations} 秒的视频',
    'zh-TW': '該模型只支援 {durations} 秒的影片',
  },
  badAspect: {
    'en-US': 'This model offers the aspects {aspects}',
    'zh-CN': '该模型只支持画面比例 {aspects}',
    'zh-TW': '該模型只支援畫面比例 {aspects}',
  },
  needsPrompt: {
    'en-US': 'Describe the video, or give a first frame',
    'zh-CN': '请描述视频内容，或提供首帧图片',
    'zh-TW': '請描述影片內容，或提供首幀圖片',
  },
  needsFirstFrame: {
    'en-US': 'This needs a first frame',
    'zh-CN': '需要首帧图片',
    'zh-TW': '需要首幀圖片',
  },
  unsupported: {
    'en-US': 'This model does not support {what}',
    'zh-CN': '该模型不支持{what}',
    'zh-TW': '該模型不支援{what}',
  },
  notFinished: {
    'en-US': 'This video is not finished',
    'zh-CN': '该视频尚未完成',
    'zh-TW': '該影片尚未完成',
  },
  beyondEnd: {
    'en-US': 'The video is only {seconds} s long',
    'zh-CN': '视频只有 {seconds} 秒',
    'zh-TW': '影片只有 {seconds} 秒',
  },
  noFfmpeg: {
    'en-US': 'This server has no ffmpeg, so videos cannot be cut or read',
    'zh-CN': '服务器未安装 ffmpeg，无法剪辑或读取视频',
    'zh-TW': '伺服器未安裝 ffmpeg，無法剪輯或讀取影片',
  },
  upstreamFailed: {
    'en-US': 'The video failed. {reason}',
    'zh-CN': '视频生成失败。{reason}',
    'zh-TW': '影片生成失敗。{reason}',
  },
  filtered: {
    'en-US': 'The video service refused the content. {reason}',
    'zh-CN': '内容未通过视频服务的审核。{reason}',
    'zh-TW': '內容未通過影片服務的審核。{reason}',
  },
  upstreamRefused: {
    'en-US': 'The video service refused the request. {reason}',
    'zh-CN': '视频服务拒绝了请求。{reason}',
    'zh-TW': '影片服務拒絕了請求。{reason}',
  },
  notVideo: {
    'en-US': 'The video service sent something that is not a video',
    'zh-CN': '视频服务返回的不是视频',
    'zh-TW': '影片服務回傳的不是影片',
  },
} satisfies Record<string, Localized>;
