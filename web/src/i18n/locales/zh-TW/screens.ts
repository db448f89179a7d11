import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/screens';

export default {
  chat: '在這裡與 AI 對話：新建對話、儲存分組與聊天紀錄、上下文模式、匯出圖片等。',
  midjourney:
    '寫下提示詞即可作圖。你的作品和範例圖庫在提示詞旁邊（手機上在下方），每張結果都可以放大、變體、縮放或平移。',
  draw: '在這裡用 DALL·E 類模型依文字生成圖片。',
  sd3: '在這裡用 SD3 模型生成圖片並調整參數。',
  tools: '在這裡使用 AI 工具：換臉、圖片修復、放大、混圖等。',
  sddraw: '在這裡瀏覽模型廣場，選擇 Stable Diffusion 模型作圖。',
  video: '在這裡依文字或圖片生成 AI 影片。',
  music: '在這裡創作歌詞並生成 AI 音樂，播放與下載作品。',
  separation: '在這裡把一首歌分離為人聲與伴奏。',
  market: '在這裡瀏覽與收藏提示詞市集中的作品與提示詞。',
  history: '在這裡查看你所有的生成紀錄與進度。',
  myGallery: '在這裡管理你發布與收藏的作品。',
  designerWork: '在這裡瀏覽設計師的精選作品。',
  workDetails: '在這裡查看一件作品的大圖、提示詞與參數。',
  hisGallery: '在這裡瀏覽某位創作者公開的作品。',
  photoAlbum: '在這裡查看相簿 {{id}} 中的圖片。',
  role: '在這裡選擇或建立 AI 角色（人設）。',
  appStore: '在這裡瀏覽應用商店，選擇現成的 AI 應用開始對話。',
  pay: '在這裡購買積分或會員、使用兌換碼。',
  mind: '在這裡讓 AI 生成心智圖。',
} satisfies LocaleShape<typeof zhCN>;
