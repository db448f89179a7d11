/** Namespace `welcome`: the `/welcome` page (zh-CN is the source). */
export default {
  brand: 'Atelier',
  nav: { open: '进入应用' },
  hero: {
    eyebrow: 'AI 对话与创作，一处完成',
    title: '把想法说出来，剩下的交给 AI',
    subtitle: '与 AI 对话、绘画、生成视频和音乐。所有作品都保存在你的历史里，随时继续。',
    chat: '开始对话',
    draw: '开始绘画',
  },
  features: {
    title: '你可以用它做什么',
    chat: {
      title: 'AI 对话',
      text: '多个模型、会话分组和上下文模式，回答支持 Markdown 与代码高亮。',
    },
    draw: { title: 'MJ 绘画', text: '输入提示词生成图片，放大、变体、重绘，结果以瀑布流呈现。' },
    models: {
      title: '模型广场',
      text: '挑选 Stable Diffusion 与 SD3 模型，调节参数，画出你要的风格。',
    },
    video: { title: 'AI 视频', text: '用一句话或一张图生成短视频，进度实时可见。' },
    music: { title: 'AI 音乐', text: '写下歌词或描述，生成完整歌曲，还可以分离人声与伴奏。' },
    history: { title: '作品历史', text: '每一次对话和作品都会保存，随时找回、下载或继续创作。' },
  },
  steps: {
    title: '三步开始',
    ask: { title: '说出想法', text: '用你习惯的语言描述想要的内容，无需注册即可试用。' },
    create: { title: '看着它生成', text: '排队位置、进度百分比和耗时都清楚显示。' },
    keep: { title: '保存与分享', text: '注册后作品与额度跟随你的账号，任何设备都能继续。' },
  },
  footer: '© {{year}} Atelier · 开源的 AI 对话与创作平台',
} as const;
