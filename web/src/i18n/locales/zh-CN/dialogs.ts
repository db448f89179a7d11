/** Namespace `dialogs`: notice, frequent questions, about, contact and ad dialogs (zh-CN is the source). */
export default {
  loadFailed: '加载失败，请稍后再试',
  retry: '重试',
  notice: {
    close: '关闭',
    title: '公告',
    notToday: '今日不再显示',
    ok: '我知道了',
  },
  faq: { title: '常见问题', empty: '暂时还没有常见问题' },
  about: { title: '关于 {{name}}', empty: '站点还没有填写介绍' },
  contact: {
    title: '联系我们',
    serviceTitle: '在线客服',
    empty: '站点还没有填写联系方式',
    qrAlt: '二维码',
  },
  ad: { title: '推荐' },
} as const;
