/** Namespace `screens`: what each screen built by a later issue will offer (its empty state). */
export default {
  chat: '在这里与 AI 对话：新建会话、保存分组和聊天记录、上下文模式、导出图片等。',
  midjourney:
    '写下提示词即可作图。你的作品和示例图库在提示词旁边（手机上在下方），每张结果都可以放大、变体、缩放或平移。',
  draw: '在这里用 DALL·E 类模型根据文字生成图片。',
  sd3: '在这里用 SD3 模型生成图片并调整参数。',
  tools: '在这里使用 AI 工具：换脸、图片修复、放大、混图等。',
  sddraw: '在这里浏览模型广场，选择 Stable Diffusion 模型作图。',
  video: '在这里根据文字或图片生成 AI 视频。',
  music: '在这里创作歌词并生成 AI 音乐，播放与下载作品。',
  separation: '在这里把一首歌分离为人声与伴奏。',
  market: '在这里浏览与收藏提示词市场中的作品和提示词。',
  history: '在这里查看你所有的生成记录与进度。',
  myGallery: '在这里管理你发布与收藏的作品。',
  designerWork: '在这里浏览设计师的精选作品。',
  workDetails: '在这里查看一件作品的大图、提示词与参数。',
  hisGallery: '在这里浏览某位创作者公开的作品。',
  photoAlbum: '在这里查看相册 {{id}} 中的图片。',
  role: '在这里选择或创建 AI 角色（人设）。',
  appStore: '在这里浏览应用商店，选择现成的 AI 应用开始对话。',
  pay: '在这里购买积分或会员、使用兑换码。',
  mind: '在这里让 AI 生成思维导图。',
} as const;
