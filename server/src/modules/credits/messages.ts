import type { Localized } from '../../http/messages.js';

/** Every text the credits module shows a user, in the three interface languages. */
export const texts = {
  holdNotFound: {
    'en-US': 'No such credit hold',
    'zh-CN': '没有这笔积分冻结',
    'zh-TW': '沒有這筆積分凍結',
  },
  holdAlreadyReleased: {
    'en-US': 'This credit hold was already released and cannot be settled',
    'zh-CN': '这笔冻结已释放，不能再结算',
    'zh-TW': '這筆凍結已釋放，不能再結算',
  },
  holdAlreadySettled: {
    'en-US': 'This credit hold was already settled and cannot be released',
    'zh-CN': '这笔冻结已结算，不能再释放',
    'zh-TW': '這筆凍結已結算，不能再釋放',
  },
  settleAboveHold: {
    'en-US': 'The amount to settle ({actual}) is more than was held ({held})',
    'zh-CN': '结算金额（{actual}）超过冻结金额（{held}）',
    'zh-TW': '結算金額（{actual}）超過凍結金額（{held}）',
  },
  priceNotFound: {
    'en-US': 'No price is set for {priceKey}',
    'zh-CN': '未设置 {priceKey} 的价格',
    'zh-TW': '未設定 {priceKey} 的價格',
  },
  priceKeyTaken: {
    'en-US': 'A price for {priceKey} already exists',
    'zh-CN': '{priceKey} 的价格已存在',
    'zh-TW': '{priceKey} 的價格已存在',
  },
  userNotFound: {
    'en-US': 'No such user',
    'zh-CN': '用户不存在',
    'zh-TW': '使用者不存在',
  },
  adjustBelowZero: {
    'en-US': 'This would take the balance below zero (balance {available})',
    'zh-CN': '调整后余额将小于零（当前余额 {available}）',
    'zh-TW': '調整後餘額將小於零（目前餘額 {available}）',
  },
  codeInvalid: {
    'en-US': 'This redemption code is not valid',
    'zh-CN': '兑换码无效',
    'zh-TW': '兌換碼無效',
  },
  codeUsed: {
    'en-US': 'This redemption code has already been used',
    'zh-CN': '兑换码已被使用',
    'zh-TW': '兌換碼已被使用',
  },
  codeDisabled: {
    'en-US': 'This redemption code has been disabled',
    'zh-CN': '该兑换码已被停用',
    'zh-TW': '該兌換碼已被停用',
  },
  codeExpired: {
    'en-US': 'This redemption code has expired',
    'zh-CN': '兑换码已过期',
    'zh-TW': '兌換碼已過期',
  },
  redeemed: {
    'en-US': 'Redeemed: {credits} credits added',
    'zh-CN': '兑换成功，已到账 {credits} 积分',
    'zh-TW': '兌換成功，已入帳 {credits} 積分',
  },
  tooManyWrongCodes: {
    'en-US': 'Too many wrong redemption codes, please try again in {minutes} minutes',
    'zh-CN': '兑换码错误次数过多，请 {minutes} 分钟后再试',
    'zh-TW': '兌換碼錯誤次數過多，請 {minutes} 分鐘後再試',
  },
  checkedIn: {
    'en-US': 'Checked in: {credits} credits added',
    'zh-CN': '签到成功，获得 {credits} 积分',
    'zh-TW': '簽到成功，獲得 {credits} 積分',
  },
  alreadyCheckedIn: {
    'en-US': 'You have already checked in today, come back tomorrow',
    'zh-CN': '今天已经签到过了，明天再来吧',
    'zh-TW': '今天已經簽到過了，明天再來吧',
  },
  logRowNotFound: {
    'en-US': 'No such record',
    'zh-CN': '记录不存在',
    'zh-TW': '記錄不存在',
  },
  batchNotFound: {
    'en-US': 'No such code batch',
    'zh-CN': '兑换码批次不存在',
    'zh-TW': '兌換碼批次不存在',
  },
} satisfies Record<string, Localized>;
