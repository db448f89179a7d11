import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/menu';

export default {
  chat: 'AI 智慧體',
  midjourney: 'MJ 繪畫',
  draw: 'DALL·E 繪畫',
  sd3: 'SD3 繪畫',
  tools: 'AI 工具箱',
  sddraw: '模型廣場',
  video: 'AI 影片',
  music: 'AI 音樂',
  separation: '音訊分離',
  market: '提示詞市集',
  history: '歷史紀錄',
  myGallery: '我的作品',
  designerWork: '設計師作品',
  workDetails: '作品詳情',
  hisGallery: 'TA 的作品',
  photoAlbum: '相簿',
  role: '角色',
  appStore: '應用商店',
  pay: '購買積分',
  mind: '心智圖',
  faq: '常見問題',
  mobileHome: '首頁',
  user: '個人中心',
  userCenter: '個人中心',
} satisfies LocaleShape<typeof zhCN>;
