import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/shell';

export default {
  collapse: '收合選單',
  expand: '展開選單',
  login: '登入 / 註冊',
  console: '營運後台',
  logout: '登出',
  logoutSuccess: '已登出',
  balance: '餘額 {{credits}} 積分',
  userCenter: '個人中心',
  accountMenu: '{{name}} 的帳戶選單',
  loading: '載入中…',
  navigation: '主導覽',
  skipToContent: '跳到主要內容',
  siteQrCode: '本站網址的 QR 碼',
  launcherTitle: '開始創作',
  launcherHint: '選擇一個工具開始',
  notFoundTitle: '頁面不存在',
  notFoundText: '你造訪的頁面不存在或已被移動。',
  serverErrorTitle: '頁面載入失敗',
  serverErrorText: '網路或服務暫時無法使用。恢復後會自動返回首頁；也可以掃碼在手機上繼續。',
  backHome: '返回首頁',
  comingTitle: '即將開放',
  soon: '即將開放',
  update: {
    title: '更新提示',
    ok: '更新',
    later: '稍後',
    versions: '版本 {{from}} → {{to}}',
    date: '發布日期：{{date}}',
  },
} satisfies LocaleShape<typeof zhCN>;
