/** Namespace `common`: words and the spec's confirmation and success texts (zh-CN is the source). */
export default {
  copy: '复制',
  cancel: '取消',
  price: {
    call: '每次回答 {{count}} 积分',
    tokens: '每次回答至少 {{count}} 积分',
    detail: '每千 token 输入 {{input}} 积分、输出 {{output}} 积分，每次回答至少 {{min}} 积分',
    own: '自有接口，不消耗积分',
  },
  language: '语言',
  languages: { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' },
  confirm: {
    clearChat: '是否清空会话？',
    deleteMessage: '是否删除此消息？',
    clearHistory: '是否清空历史记录？',
    clearChatHistory: '确定清空聊天记录？',
    exportPng: '是否将会话保存为图片？',
    clearStore: '是否清空数据？',
  },
  remoteImage: {
    notLoaded: '来自 {{host}} 的图片（未载入）',
    show: '显示来自 {{host}} 的图片',
    loading: '正在载入图片…',
    failed: '无法显示来自 {{host}} 的图片',
    hint: '其他网站的图片点击后才会载入（载入时该网站会得知您在看它）',
  },
  success: {
    add: '添加成功',
    edit: '编辑成功',
    delete: '删除成功',
    save: '保存成功',
    export: '导出成功',
    import: '导入成功',
    clear: '清空成功',
    copied: '复制成功',
  },
} as const;
