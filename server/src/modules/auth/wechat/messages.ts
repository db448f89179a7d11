import type { Localized } from '../../../http/messages.js';

/** Texts of the WeChat scan sign-in (docs/identity.md, WeChat), in each interface language. */
export const wechatMessages = {
  off: {
    'en-US': 'This site does not offer signing in with WeChat',
    'zh-CN': '本站未开启微信扫码登录',
    'zh-TW': '本站未開啟微信掃碼登入',
  },
  incomplete: {
    'en-US': 'Enter the AppID, the AppSecret and the Token of the official account first',
    'zh-CN': '请先填写公众号的 AppID、AppSecret 和 Token',
    'zh-TW': '請先填寫公眾號的 AppID、AppSecret 和 Token',
  },
  unavailable: {
    'en-US': 'WeChat could not make a QR code right now; please try again later',
    'zh-CN': '微信暂时无法生成二维码，请稍后再试',
    'zh-TW': '微信暫時無法產生 QR 碼，請稍後再試',
  },
  tooMany: {
    'en-US': 'Too many QR codes were asked for from your network; try again in {seconds} s',
    'zh-CN': '你的网络请求二维码过于频繁，请 {seconds} 秒后再试',
    'zh-TW': '你的網路請求 QR 碼過於頻繁，請 {seconds} 秒後再試',
  },
  linkedElsewhere: {
    'en-US':
      'This WeChat account is linked to another account; sign in with it, or remove it there first',
    'zh-CN': '该微信已绑定其他账号；请用它登录，或先在那个账号中解除绑定',
    'zh-TW': '該微信已綁定其他帳號；請用它登入，或先在那個帳號中解除綁定',
  },
  linkNotFound: {
    'en-US': 'This WeChat link does not exist',
    'zh-CN': '没有这个微信绑定',
    'zh-TW': '沒有這個微信綁定',
  },
  linked: {
    'en-US': 'WeChat linked',
    'zh-CN': '微信已绑定',
    'zh-TW': '微信已綁定',
  },
} satisfies Record<string, Localized>;

/** The passive replies the scanner reads in WeChat (in the site's language of the scan). */
export const wechatReplies = {
  signedIn: {
    'en-US': 'Signed in to {site}.',
    'zh-CN': '已登录 {site}。',
    'zh-TW': '已登入 {site}。',
  },
  linked: {
    'en-US': 'WeChat is now linked to your account at {site}.',
    'zh-CN': '微信已绑定到你在 {site} 的账号。',
    'zh-TW': '微信已綁定到你在 {site} 的帳號。',
  },
  taken: {
    'en-US': 'This WeChat account is linked to another account at {site}; nothing was changed.',
    'zh-CN': '该微信已绑定 {site} 的其他账号，未做任何更改。',
    'zh-TW': '該微信已綁定 {site} 的其他帳號，未做任何更改。',
  },
  expired: {
    'en-US': 'This QR code has expired or was used already; refresh it on the page.',
    'zh-CN': '该二维码已过期或已被使用，请在网页上刷新。',
    'zh-TW': '該 QR 碼已過期或已被使用，請在網頁上重新整理。',
  },
} satisfies Record<string, Localized>;
