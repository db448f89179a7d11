import type { Localized } from '../../http/messages.js';

/** Texts of the payments module, in each interface language. */
export const texts = {
  gatewayNotConfigured: {
    'en-US': 'The payment gateway {gateway} is not configured',
    'zh-CN': '支付渠道 {gateway} 未配置',
    'zh-TW': '支付渠道 {gateway} 未設定',
  },
  packageNotFound: {
    'en-US': 'This package does not exist or is no longer on sale',
    'zh-CN': '该套餐不存在或已下架',
    'zh-TW': '該套餐不存在或已下架',
  },
  orderNotFound: { 'en-US': 'No such order', 'zh-CN': '订单不存在', 'zh-TW': '訂單不存在' },
  payWayUnavailable: {
    'en-US': 'This pay way is not available at the moment, please choose another',
    'zh-CN': '该支付方式暂不可用，请选择其他方式',
    'zh-TW': '該支付方式暫不可用，請選擇其他方式',
  },
  currencyUnsupported: {
    'en-US': 'This pay way cannot charge {currency}, please choose another',
    'zh-CN': '该支付方式不支持 {currency}，请选择其他方式',
    'zh-TW': '該支付方式不支援 {currency}，請選擇其他方式',
  },
  gatewayFailed: {
    'en-US': 'The payment service did not answer, nothing was charged. Please try again later.',
    'zh-CN': '支付服务暂时无响应，未产生扣款，请稍后再试。',
    'zh-TW': '支付服務暫時無回應，未產生扣款，請稍後再試。',
  },
  notManual: {
    'en-US': 'Only manual orders can be marked paid; this one is paid through {gateway}',
    'zh-CN': '只有人工订单可以手动标记为已支付，此订单通过 {gateway} 支付',
    'zh-TW': '只有人工訂單可以手動標記為已支付，此訂單透過 {gateway} 支付',
  },
  alreadyPaid: {
    'en-US': 'This order is already paid',
    'zh-CN': '该订单已支付',
    'zh-TW': '該訂單已支付',
  },
  packageDeleted: { 'en-US': 'Package removed', 'zh-CN': '套餐已删除', 'zh-TW': '套餐已刪除' },
  gatewayIncomplete: {
    'en-US': '{gateway} cannot be enabled until these are set: {missing}',
    'zh-CN': '请先设置 {missing}，才能启用 {gateway}',
    'zh-TW': '請先設定 {missing}，才能啟用 {gateway}',
  },
  gatewayKeyInvalid: {
    'en-US': '{gateway}: {problem}',
    'zh-CN': '{gateway}：{problem}',
    'zh-TW': '{gateway}：{problem}',
  },
  orderPaid: {
    'en-US': 'Payment received, credits added',
    'zh-CN': '支付成功，积分已到账',
    'zh-TW': '支付成功，積分已到帳',
  },
  alreadyRefunded: {
    'en-US': 'This order has already been refunded',
    'zh-CN': '该订单已退款',
    'zh-TW': '該訂單已退款',
  },
  refundNotPaid: {
    'en-US': 'Only a paid order can be refunded; this one is {status}',
    'zh-CN': '只有已支付的订单可以退款，此订单状态为 {status}',
    'zh-TW': '只有已支付的訂單可以退款，此訂單狀態為 {status}',
  },
  orderRefunded: {
    'en-US': 'Refunded: {credits} credits returned to the user',
    'zh-CN': '已退款：{credits} 积分已退还给用户',
    'zh-TW': '已退款：{credits} 積分已退還給使用者',
  },
} satisfies Record<string, Localized>;
