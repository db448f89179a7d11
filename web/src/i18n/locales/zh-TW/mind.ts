import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/mind';

export default {
  prompt: {
    label: '主題',
    placeholder: '輸入一個主題，例如「如何準備技術面試」。Enter 生成，Shift+Enter 換行',
    required: '請輸入主題',
  },
  model: {
    label: '模型',
    loading: '正在載入模型…',
    none: '暫時沒有可用的對話模型',
    failed: '模型清單載入失敗',
  },
  retry: '重試',
  generate: '生成心智圖',
  stop: '停止',
  guest: {
    hint: '你正以訪客身分使用，生成心智圖和對話一樣消耗積分。',
    login: '登入 / 註冊',
  },
  failed: '生成失敗',
  empty: '輸入一個主題，AI 會把它整理成大綱，並即時畫成可以縮放、摺疊和匯出的心智圖。',
  waiting: '正在等待 AI 的大綱…',
  examples: {
    a: '如何準備技術面試',
    b: '咖啡的種類與沖煮方法',
    c: '一週學會 TypeScript',
  },
  map: {
    label: '心智圖：{{title}}',
  },
  toolbar: {
    label: '心智圖工具',
    zoomIn: '放大',
    zoomOut: '縮小',
    fit: '符合視窗',
    expandAll: '全部展開',
    collapse: '收合到第二層',
    exportSvg: '匯出 SVG',
    exportPng: '匯出 PNG',
  },
  streaming: '正在生成…',
  nodes: '{{count}} 個節點',
  outline: {
    title: '大綱（Markdown）',
    hint: '可以直接修改大綱，心智圖會隨之更新。點擊節點旁的圓點可摺疊分支。',
  },
  history: {
    open: '最近的心智圖',
    title: '最近的心智圖',
    empty: '還沒有生成過心智圖',
    clear: '清空',
    cancel: '取消',
    delete: '刪除',
    deleteNamed: '刪除 {{title}}',
    deleteConfirm: '刪除這張心智圖？',
  },
} satisfies LocaleShape<typeof zhCN>;
