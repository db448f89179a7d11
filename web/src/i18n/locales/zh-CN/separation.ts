/** Namespace `separation`: the audio separation screen. */
export default {
  source: {
    title: '选择音频',
    upload: '上传音频',
    songs: '我的歌曲',
    pick: '选择音频文件',
    dropHint: 'WAV、MP3、FLAC、OGG 或 M4A，最大 {{max}} MB',
    uploading: '正在上传…',
    uploaded: '{{name}} · {{seconds}} 秒 · {{count}} 声道',
    uploaded_one: '{{name}} · {{seconds}} 秒 · {{count}} 声道',
    noSongs: '还没有生成过歌曲。可以先去「AI 音乐」创作一首，或直接上传音频。',
    songsFailed: '歌曲列表加载失败',
    demoSong: '演示歌曲',
    none: '请先上传音频或选择一首歌曲',
    preview: '试听原音频',
  },
  model: {
    label: '分离模型',
    none: '暂时没有可用的分离模型',
    failed: '模型列表加载失败',
    demoHint:
      '离线演示：演示歌曲返回其原始人声与伴奏音轨；其他立体声音频按中/侧声道拆分（中声道 (L+R)/2 作人声，侧声道 (L−R)/2 作伴奏），并非 AI 分离。',
  },
  format: {
    label: '输出格式',
  },
  cost: '本次分离消耗 {{credits}} 积分',
  submit: '开始分离',
  submitting: '正在提交…',
  history: {
    title: '分离记录',
    empty: '还没有分离记录。上传一段音频或选择一首歌曲开始吧。',
    failed: '分离记录加载失败',
    retry: '重试',
    more: '加载更多',
  },
  status: {
    queued: '排队中',
    running: '分离中 {{progress}}%',
    succeeded: '已完成',
    failed: '失败',
  },
  method: {
    model: 'AI 模型分离',
    demoStems: '离线演示：演示歌曲的原始音轨',
    midSide: '离线演示：中/侧声道拆分',
  },
  stems: {
    vocals: '人声',
    instrumental: '伴奏',
    download: '下载{{stem}}（{{format}}）',
    playBoth: '同时播放',
    pause: '暂停',
  },
  meta: {
    duration: '{{seconds}} 秒',
    credits: '{{credits}} 积分',
  },
  delete: {
    action: '删除',
    confirm: '删除这条分离记录和它的音轨？',
    ok: '删除',
    cancel: '取消',
    done: '已删除',
  },
  started: '已开始分离，完成后可在下方试听',
};
