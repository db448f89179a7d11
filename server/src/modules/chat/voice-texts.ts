import type { Localized } from '../../http/messages.js';

/** What the voice routes say (docs/chat.md, "Voice"). */
export const voiceTexts = {
  noTranscriber: {
    'en-US': 'Speech-to-text is not set up on this site',
    'zh-CN': '本站尚未设置语音识别',
    'zh-TW': '本站尚未設定語音辨識',
  },
  noSpeaker: {
    'en-US': 'Reading aloud is not set up on this site',
    'zh-CN': '本站尚未设置朗读',
    'zh-TW': '本站尚未設定朗讀',
  },
  noAudio: {
    'en-US': 'Send the recording as the multipart field "file"',
    'zh-CN': '请以表单字段 "file" 上传录音',
    'zh-TW': '請以表單欄位 "file" 上傳錄音',
  },
  badAudio: {
    'en-US': 'The recording must be WebM, Ogg, MP4, WAV or MP3 audio',
    'zh-CN': '录音须为 WebM、Ogg、MP4、WAV 或 MP3 音频',
    'zh-TW': '錄音須為 WebM、Ogg、MP4、WAV 或 MP3 音訊',
  },
  audioTooLarge: {
    'en-US': 'The recording is larger than {max} MB',
    'zh-CN': '录音超过 {max} MB',
    'zh-TW': '錄音超過 {max} MB',
  },
  audioTooLong: {
    'en-US': 'The recording is longer than {max} seconds',
    'zh-CN': '录音超过 {max} 秒',
    'zh-TW': '錄音超過 {max} 秒',
  },
  badSeconds: {
    'en-US': 'The field "seconds" must be the recording\'s length, 0 to {max}',
    'zh-CN': '字段 "seconds" 须为录音时长（0 到 {max}）',
    'zh-TW': '欄位 "seconds" 須為錄音長度（0 到 {max}）',
  },
  notAnAnswer: {
    'en-US': 'This answer was not found',
    'zh-CN': '找不到这条回答',
    'zh-TW': '找不到這則回答',
  },
  nothingToRead: {
    'en-US': 'This answer has no text to read aloud',
    'zh-CN': '这条回答没有可朗读的文字',
    'zh-TW': '這則回答沒有可朗讀的文字',
  },
  transcribeFailed: {
    'en-US': 'The recording could not be transcribed ({reason}); nothing was charged',
    'zh-CN': '录音未能转写（{reason}），未扣费',
    'zh-TW': '錄音未能轉寫（{reason}），未扣費',
  },
  speakFailed: {
    'en-US': 'The answer could not be read aloud ({reason}); nothing was charged',
    'zh-CN': '回答未能朗读（{reason}），未扣费',
    'zh-TW': '回答未能朗讀（{reason}），未扣費',
  },
} satisfies Record<string, Localized>;
