import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/dialogs';

export default {
  loadFailed: '載入失敗，請稍後再試',
  retry: '重試',
  notice: {
    close: '關閉',
    title: '公告',
    notToday: '今日不再顯示',
    ok: '我知道了',
  },
  faq: { title: '常見問題', empty: '暫時還沒有常見問題' },
  about: { title: '關於 {{name}}', empty: '網站還沒有填寫介紹' },
  contact: {
    title: '聯絡我們',
    serviceTitle: '線上客服',
    empty: '網站還沒有填寫聯絡方式',
    qrAlt: 'QR 碼',
  },
  ad: { title: '推薦' },
} satisfies LocaleShape<typeof zhCN>;
