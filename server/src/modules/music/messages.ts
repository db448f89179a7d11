import type { Localized } from '../../http/messages.js';
import { kindTexts } from '../kind-kit/index.js';

/** The kit's standard model texts ("This music model is not available"…). */
const { modelNotFound, noModel } = kindTexts({
  'en-US': 'music',
  'zh-CN': '音乐',
  'zh-TW': '音樂',
});
const standard = { modelNotFound, noModel };

/** Every text the music module shows a user, in the three interface languages. */
export const texts = {
  songNotFound: {
    'en-US': 'No such song',
    'zh-CN': '没有这首歌曲',
    'zh-TW': '沒有這首歌曲',
  },
  clipNotFound: {
    'en-US': 'That song has no clip {clip}',
    'zh-CN': '该歌曲没有第 {clip} 段',
    'zh-TW': '該歌曲沒有第 {clip} 段',
  },
  notFinished: {
    'en-US': 'The song is not finished yet',
    'zh-CN': '歌曲尚未生成完成',
    'zh-TW': '歌曲尚未生成完成',
  },
  ...standard,
  beyondEnd: {
    'en-US': 'The point is past the end of the song ({duration} s)',
    'zh-CN': '所选位置超出歌曲长度（{duration} 秒）',
    'zh-TW': '所選位置超出歌曲長度（{duration} 秒）',
  },
  allClipsFailed: {
    'en-US': 'Both songs failed. {reason}',
    'zh-CN': '两首歌曲都生成失败。{reason}',
    'zh-TW': '兩首歌曲都生成失敗。{reason}',
  },
  upstreamFailed: {
    'en-US': 'The song failed. {reason}',
    'zh-CN': '歌曲生成失败。{reason}',
    'zh-TW': '歌曲生成失敗。{reason}',
  },
  sourceGone: {
    'en-US': 'The song to extend is gone or was not made by this service; nothing was charged',
    'zh-CN': '要续写的歌曲已不存在或并非由此服务生成；未扣除积分',
    'zh-TW': '要續寫的歌曲已不存在或並非由此服務生成；未扣除積分',
  },
  audioUnreadable: {
    'en-US': 'The stored audio could not be read',
    'zh-CN': '无法读取已保存的音频',
    'zh-TW': '無法讀取已儲存的音訊',
  },
  lyricsFailed: {
    'en-US': 'The lyrics could not be written. {reason}',
    'zh-CN': '歌词生成失败。{reason}',
    'zh-TW': '歌詞生成失敗。{reason}',
  },
} satisfies Record<string, Localized>;
