import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/welcome';

export default {
  brand: 'Atelier',
  nav: { open: '進入應用' },
  hero: {
    eyebrow: 'AI 對話與創作，一處完成',
    title: '把想法說出來，剩下的交給 AI',
    subtitle: '與 AI 對話、繪畫、生成影片和音樂。所有作品都保存在你的歷史裡，隨時繼續。',
    chat: '開始對話',
    draw: '開始繪畫',
  },
  features: {
    title: '你可以用它做什麼',
    chat: {
      title: 'AI 對話',
      text: '多個模型、會話分組和上下文模式，回答支援 Markdown 與程式碼高亮。',
    },
    draw: { title: 'MJ 繪畫', text: '輸入提示詞生成圖片，放大、變體、重繪，結果以瀑布流呈現。' },
    models: {
      title: '模型廣場',
      text: '挑選 Stable Diffusion 與 SD3 模型，調整參數，畫出你要的風格。',
    },
    video: { title: 'AI 影片', text: '用一句話或一張圖生成短影片，進度即時可見。' },
    music: { title: 'AI 音樂', text: '寫下歌詞或描述，生成完整歌曲，還可以分離人聲與伴奏。' },
    history: { title: '作品歷史', text: '每一次對話和作品都會保存，隨時找回、下載或繼續創作。' },
  },
  steps: {
    title: '三步開始',
    ask: { title: '說出想法', text: '用你習慣的語言描述想要的內容，無需註冊即可試用。' },
    create: { title: '看著它生成', text: '排隊位置、進度百分比和耗時都清楚顯示。' },
    keep: { title: '保存與分享', text: '註冊後作品與額度跟隨你的帳號，任何裝置都能繼續。' },
  },
  footer: '© {{year}} Atelier · 開源的 AI 對話與創作平台',
} satisfies LocaleShape<typeof zhCN>;
