/** Namespace `mind`: the mind-map screen. */
export default {
  prompt: {
    label: '主题',
    placeholder: '输入一个主题，例如“如何准备技术面试”。回车生成，Shift+回车换行',
    required: '请输入主题',
  },
  model: {
    label: '模型',
    loading: '正在加载模型…',
    none: '暂时没有可用的对话模型',
    failed: '模型列表加载失败',
  },
  retry: '重试',
  generate: '生成导图',
  stop: '停止',
  guest: {
    hint: '你正以访客身份使用，生成导图和对话一样消耗积分。',
    login: '登录 / 注册',
  },
  failed: '生成失败',
  empty: '输入一个主题，AI 会把它整理成大纲，并实时画成可以缩放、折叠和导出的思维导图。',
  waiting: '正在等待 AI 的大纲…',
  examples: {
    a: '如何准备技术面试',
    b: '咖啡的种类与冲煮方法',
    c: '一周学会 TypeScript',
  },
  map: {
    label: '思维导图：{{title}}',
  },
  toolbar: {
    label: '导图工具',
    zoomIn: '放大',
    zoomOut: '缩小',
    fit: '适应窗口',
    expandAll: '全部展开',
    collapse: '收起到第二层',
    exportSvg: '导出 SVG',
    exportPng: '导出 PNG',
  },
  streaming: '正在生成…',
  nodes: '{{count}} 个节点',
  outline: {
    title: '大纲（Markdown）',
    hint: '可以直接修改大纲，导图会随之更新。点击节点旁的圆点可折叠分支。',
  },
  history: {
    open: '最近的导图',
    title: '最近的导图',
    empty: '还没有生成过导图',
    clear: '清空',
    cancel: '取消',
    delete: '删除',
    deleteNamed: '删除 {{title}}',
    deleteConfirm: '删除这张导图？',
  },
} as const;
