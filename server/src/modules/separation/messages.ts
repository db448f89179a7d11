import type { Localized } from '../../http/messages.js';

/** Every text the separation module shows a user, in the three interface languages. */
export const texts = {
  taskNotFound: {
    'en-US': 'No such separation',
    'zh-CN': '没有这个分离任务',
    'zh-TW': '沒有這個分離任務',
  },
  modelNotFound: {
    'en-US': 'This separation model is not available',
    'zh-CN': '该分离模型不可用',
    'zh-TW': '該分離模型不可用',
  },
  noModel: {
    'en-US': 'No separation model is available',
    'zh-CN': '暂无可用的分离模型',
    'zh-TW': '暫無可用的分離模型',
  },
  noFile: {
    'en-US': 'Send the audio file in the form field "file"',
    'zh-CN': '请在表单字段 file 中上传音频文件',
    'zh-TW': '請在表單欄位 file 中上傳音訊檔案',
  },
  badForm: {
    'en-US': 'The upload form cannot be read',
    'zh-CN': '无法读取上传的表单',
    'zh-TW': '無法讀取上傳的表單',
  },
  notAudio: {
    'en-US': 'The file is not audio we can separate (WAV, MP3, FLAC, OGG or M4A)',
    'zh-CN': '该文件不是可分离的音频（支持 WAV、MP3、FLAC、OGG、M4A）',
    'zh-TW': '該檔案不是可分離的音訊（支援 WAV、MP3、FLAC、OGG、M4A）',
  },
  tooLarge: {
    'en-US': 'The audio file is larger than {max} MB',
    'zh-CN': '音频文件超过 {max} MB',
    'zh-TW': '音訊檔案超過 {max} MB',
  },
  audioNotFound: {
    'en-US': 'That audio file is not one of yours',
    'zh-CN': '找不到该音频（只能使用你自己上传的音频）',
    'zh-TW': '找不到該音訊（只能使用你自己上傳的音訊）',
  },
  songNotFound: {
    'en-US': 'No such song of yours',
    'zh-CN': '没有这首歌曲',
    'zh-TW': '沒有這首歌曲',
  },
  songNotReady: {
    'en-US': 'This song has no finished audio yet',
    'zh-CN': '这首歌曲还没有生成完成的音频',
    'zh-TW': '這首歌曲還沒有生成完成的音訊',
  },
  sourceGone: {
    'en-US': 'The audio to separate no longer exists',
    'zh-CN': '要分离的音频已不存在',
    'zh-TW': '要分離的音訊已不存在',
  },
  demoNeedsStereo: {
    'en-US':
      'The offline demo splits stereo audio only (mid/side); this file has {channels} channel(s)',
    'zh-CN': '离线演示只能分离立体声音频（中/侧声道），该文件有 {channels} 个声道',
    'zh-TW': '離線演示只能分離立體聲音訊（中/側聲道），該檔案有 {channels} 個聲道',
  },
  demoCannotDecode: {
    'en-US': 'The offline demo cannot read this audio without ffmpeg (WAV works)',
    'zh-CN': '离线演示在没有 ffmpeg 时无法读取该音频（WAV 可以）',
    'zh-TW': '離線演示在沒有 ffmpeg 時無法讀取該音訊（WAV 可以）',
  },
  upstreamFailed: {
    'en-US': 'The separation failed: {reason}',
    'zh-CN': '分离失败：{reason}',
    'zh-TW': '分離失敗：{reason}',
  },
  upstreamLost: {
    'en-US': 'The separation server no longer knows this task',
    'zh-CN': '分离服务已找不到这个任务',
    'zh-TW': '分離服務已找不到這個任務',
  },
  noStems: {
    'en-US': 'The separation server returned no vocals and instrumental stems',
    'zh-CN': '分离服务没有返回人声和伴奏音轨',
    'zh-TW': '分離服務沒有返回人聲和伴奏音軌',
  },
} satisfies Record<string, Localized>;
