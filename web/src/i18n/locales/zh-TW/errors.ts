import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/errors';

export default {
  requestError: '請求介面錯誤',
  pleaseLogin: '請先登入',
  generic: '出了點問題，請稍後再試',
  unauthorized: '未經授權，請先驗證',
  network: '網路連線失敗，請檢查網路後重試',
  timeout: '請求逾時，請稍後再試',
  exportFailed: '匯出失敗',
  importFailed: '請檢查網路狀態與 JSON 檔案有效性',
  failed: '失敗',
  keyMismatch: '鍵值不匹配',
  titleDuplicate: '標題重複，請重新輸入',
  contentDuplicate: '內容重複：{{msg}}，請重新輸入',
  importSourceWarning: '注意：請檢查 JSON 檔案來源！',
} satisfies LocaleShape<typeof zhCN>;
