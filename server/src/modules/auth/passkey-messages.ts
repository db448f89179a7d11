import type { Localized } from '../../http/messages.js';

/** Texts of signing in with passkeys (passkey-ways.ts). */
export const passkeyMessages = {
  off: {
    'en-US':
      'Passkeys need this site to be opened at its own domain name over HTTPS (or at localhost)',
    'zh-CN': '通行密钥需要通过本站的域名以 HTTPS 访问（或 localhost）',
    'zh-TW': '通行金鑰需要透過本站的網域以 HTTPS 存取（或 localhost）',
  },
  challengeGone: {
    'en-US': 'This passkey request has expired or was already used; please try again',
    'zh-CN': '本次通行密钥请求已过期或已使用，请重试',
    'zh-TW': '本次通行金鑰請求已過期或已使用，請重試',
  },
  unknown: {
    'en-US': 'This passkey is not registered for this site',
    'zh-CN': '该通行密钥未在本站注册',
    'zh-TW': '該通行金鑰未在本站註冊',
  },
  refused: {
    'en-US': 'The passkey could not be verified; please try again',
    'zh-CN': '无法验证该通行密钥，请重试',
    'zh-TW': '無法驗證該通行金鑰，請重試',
  },
  cloned: {
    'en-US':
      'This passkey answered with a used signature counter (it may have been copied); sign in another way',
    'zh-CN': '该通行密钥的签名计数器异常（可能已被复制），请用其他方式登录',
    'zh-TW': '該通行金鑰的簽章計數器異常（可能已被複製），請用其他方式登入',
  },
  taken: {
    'en-US': 'This passkey is already registered',
    'zh-CN': '该通行密钥已注册',
    'zh-TW': '該通行金鑰已註冊',
  },
  tooMany: {
    'en-US': 'An account can have at most 20 passkeys; remove one first',
    'zh-CN': '每个账号最多 20 个通行密钥，请先删除一个',
    'zh-TW': '每個帳號最多 20 個通行金鑰，請先刪除一個',
  },
  notFound: {
    'en-US': 'No such passkey',
    'zh-CN': '没有这个通行密钥',
    'zh-TW': '沒有這個通行金鑰',
  },
  saved: {
    'en-US': 'Passkey added',
    'zh-CN': '通行密钥已添加',
    'zh-TW': '通行金鑰已新增',
  },
  renamed: {
    'en-US': 'Passkey renamed',
    'zh-CN': '通行密钥已重命名',
    'zh-TW': '通行金鑰已重新命名',
  },
  removed: {
    'en-US': 'Passkey removed',
    'zh-CN': '通行密钥已删除',
    'zh-TW': '通行金鑰已刪除',
  },
} satisfies Record<string, Localized>;
