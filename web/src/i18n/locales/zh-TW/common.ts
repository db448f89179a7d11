import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/common';

export default {
  copy: '複製',
  cancel: '取消',
  price: {
    call: '每次回答 {{count}} 積分',
    tokens: '每次回答至少 {{count}} 積分',
    detail: '每千 token 輸入 {{input}} 積分、輸出 {{output}} 積分，每次回答至少 {{min}} 積分',
    own: '自有介面，不消耗積分',
  },
  language: '語言',
  languages: { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' },
  confirm: {
    clearChat: '是否清空對話？',
    deleteMessage: '是否刪除此訊息？',
    clearHistory: '是否清空歷史紀錄？',
    clearChatHistory: '確定清空聊天紀錄？',
    exportPng: '是否將對話儲存為圖片？',
    clearStore: '是否清空資料？',
  },
  remoteImage: {
    notLoaded: '來自 {{host}} 的圖片（未載入）',
    show: '顯示來自 {{host}} 的圖片',
    loading: '正在載入圖片…',
    failed: '無法顯示來自 {{host}} 的圖片',
    hint: '其他網站的圖片點擊後才會載入（載入時該網站會得知您在看它）',
  },
  success: {
    add: '新增成功',
    edit: '編輯成功',
    delete: '刪除成功',
    save: '儲存成功',
    export: '匯出成功',
    import: '匯入成功',
    clear: '清空成功',
    copied: '複製成功',
  },
} satisfies LocaleShape<typeof zhCN>;
