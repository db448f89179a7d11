import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/separation';

export default {
  source: {
    title: '選擇音訊',
    upload: '上傳音訊',
    songs: '我的歌曲',
    pick: '選擇音訊檔案',
    dropHint: 'WAV、MP3、FLAC、OGG 或 M4A，最大 {{max}} MB',
    uploading: '正在上傳…',
    uploaded: '{{name}} · {{seconds}} 秒 · {{count}} 聲道',
    uploaded_one: '{{name}} · {{seconds}} 秒 · {{count}} 聲道',
    noSongs: '還沒有生成過歌曲。可以先去「AI 音樂」創作一首，或直接上傳音訊。',
    songsFailed: '歌曲列表載入失敗',
    demoSong: '演示歌曲',
    none: '請先上傳音訊或選擇一首歌曲',
    preview: '試聽原音訊',
  },
  model: {
    label: '分離模型',
    none: '暫時沒有可用的分離模型',
    failed: '模型列表載入失敗',
    demoHint:
      '離線演示：演示歌曲返回其原始人聲與伴奏音軌；其他立體聲音訊按中/側聲道拆分（中聲道 (L+R)/2 作人聲，側聲道 (L−R)/2 作伴奏），並非 AI 分離。',
  },
  format: {
    label: '輸出格式',
  },
  cost: '本次分離消耗 {{credits}} 積分',
  submit: '開始分離',
  submitting: '正在提交…',
  history: {
    title: '分離記錄',
    empty: '還沒有分離記錄。上傳一段音訊或選擇一首歌曲開始吧。',
    failed: '分離記錄載入失敗',
    retry: '重試',
    more: '載入更多',
  },
  status: {
    queued: '排隊中',
    running: '分離中 {{progress}}%',
    succeeded: '已完成',
    failed: '失敗',
  },
  method: {
    model: 'AI 模型分離',
    demoStems: '離線演示：演示歌曲的原始音軌',
    midSide: '離線演示：中/側聲道拆分',
  },
  stems: {
    vocals: '人聲',
    instrumental: '伴奏',
    download: '下載{{stem}}（{{format}}）',
    playBoth: '同時播放',
    pause: '暫停',
  },
  meta: {
    duration: '{{seconds}} 秒',
    credits: '{{credits}} 積分',
  },
  delete: {
    action: '刪除',
    confirm: '刪除這條分離記錄和它的音軌？',
    ok: '刪除',
    cancel: '取消',
    done: '已刪除',
  },
  started: '已開始分離，完成後可在下方試聽',
} satisfies LocaleShape<typeof zhCN>;
