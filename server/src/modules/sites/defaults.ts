import type { sites } from '@atelier/contracts';
import type { FaqDraft, MenuDraft, NoticeDraft, SiteDraft } from './kinds.js';

/**
 * What a fresh install shows: the default site, its menu, a welcome notice and a FAQ. The texts
 * promise only what works today: every screen of the menu (chat, Midjourney, DALL·E, Stable
 * Diffusion, the toolbox, video, music, stem separation, mind maps) runs, with Offline demos
 * until the operator connects upstreams. Edited texts are the operator's: the seed never
 * overwrites them.
 */

const text = (en: string, cn: string, tw: string): sites.LocalizedText => ({
  'en-US': en,
  'zh-CN': cn,
  'zh-TW': tw,
});

const noText = text('', '', '');

export const defaultSite: SiteDraft = {
  domain: 'default',
  isDefault: true,
  siteName: 'Atelier',
  appLogo: '/favicon.svg',
  appIco: '/favicon.svg',
  keywords: text(
    'AI chat, AI drawing, Midjourney, DALL·E, Stable Diffusion, AI video, AI music, mind map, AI apps',
    'AI 对话,AI 绘画,Midjourney,DALL·E,Stable Diffusion,AI 视频,AI 音乐,思维导图,AI 应用',
    'AI 對話,AI 繪畫,Midjourney,DALL·E,Stable Diffusion,AI 影片,AI 音樂,心智圖,AI 應用',
  ),
  description: text(
    'Atelier is an open AI studio: chat with AI models and apps, draw with Midjourney, DALL·E and Stable Diffusion, and make video and music, in one place.',
    'Atelier 是一个开放的 AI 创作平台：与 AI 模型和应用对话，用 Midjourney、DALL·E 和 Stable Diffusion 绘画，生成视频和音乐。',
    'Atelier 是一個開放的 AI 創作平台：與 AI 模型和應用對話，用 Midjourney、DALL·E 和 Stable Diffusion 繪畫，生成影片和音樂。',
  ),
  top_banner: noText,
  recharge: 1,
  pay: true,
  menu: true,
  index_path: '/Midjourney',
  // A first visit follows the browser (zh-HK/zh-TW → zh-TW, other zh → zh-CN, en → en-US),
  // zh-CN when it prefers none of them; the operator may pin one per site.
  language: 'browser',
  contents: text(
    '## About Atelier\n\nAtelier brings AI chat, drawing (Midjourney, DALL·E, Stable Diffusion and an image toolbox), video, music, stem separation and mind maps together in one studio.\n\n- Credits are only spent on results you receive: a failed task is refunded automatically.\n- Your chats and works are private to your account.\n- Available in English, 简体中文 and 繁體中文.',
    '## 关于 Atelier\n\nAtelier 把 AI 对话、绘画（Midjourney、DALL·E、Stable Diffusion 和图片工具箱）、视频、音乐、人声分离和思维导图汇集在一个工作室里。\n\n- 只为得到的结果消耗积分：任务失败会自动退还。\n- 你的对话和作品只属于你的账号。\n- 支持 English、简体中文和繁體中文。',
    '## 關於 Atelier\n\nAtelier 把 AI 對話、繪畫（Midjourney、DALL·E、Stable Diffusion 和圖片工具箱）、影片、音樂、人聲分離和心智圖匯集在一個工作室裡。\n\n- 只為得到的結果消耗積分：任務失敗會自動退還。\n- 你的對話和作品只屬於你的帳號。\n- 支援 English、简体中文和繁體中文。',
  ),
  code: '',
  contact: { text: noText, qrImage: '' },
  customerService: { text: noText, qrImage: '' },
  advertisement: { enabled: false, image: '', link: '', text: noText },
};

export const defaultNotices: NoticeDraft[] = [
  {
    siteId: null,
    kind: 'notice',
    title: text('Welcome to Atelier', '欢迎来到 Atelier', '歡迎來到 Atelier'),
    content: text(
      'Chat with AI models and apps, draw with Midjourney, DALL·E and Stable Diffusion, make video and music, all in one place.\n\n- **New here?** You can try it all as a guest; sign up to keep your chats and works.\n- Each task is paid in **credits**, and a task that fails is refunded automatically.\n- Your results are kept in your **works**, on every device you sign in on.\n- Questions? Open **Frequent questions** in the menu (on a phone: on **Home**).',
      '在这里与 AI 模型和应用对话，用 Midjourney、DALL·E 和 Stable Diffusion 绘画，生成视频和音乐。\n\n- **第一次来？** 游客即可体验；注册后对话和作品会一直保留。\n- 每个任务消耗**积分**，任务失败会自动退还。\n- 你的成果保存在**作品**里，在任何登录的设备上都能看到。\n- 有疑问？请查看菜单中的**常见问题**（手机上在**首页**）。',
      '在這裡與 AI 模型和應用對話，用 Midjourney、DALL·E 和 Stable Diffusion 繪畫，生成影片和音樂。\n\n- **第一次來？** 訪客即可體驗；註冊後對話和作品會一直保留。\n- 每個任務消耗**積分**，任務失敗會自動退還。\n- 你的成果保存在**作品**裡，在任何登入的裝置上都能看到。\n- 有疑問？請查看選單中的**常見問題**（手機上在**首頁**）。',
    ),
    sort: 0,
    enabled: true,
  },
  {
    siteId: null,
    kind: 'mj',
    title: text('Drawing tips', '绘画小贴士', '繪畫小貼士'),
    content: text(
      '- Describe the subject first, then style, light and camera: *a red fox in snow, watercolor, soft morning light*.\n- Add `--ar 16:9` for a wide image, `--no text` to leave something out.\n- Use **U** to upscale and **V** to make variations of a result you like.',
      '- 先写主体，再写风格、光线和镜头：*雪地里的红狐狸，水彩，柔和晨光*。\n- 加 `--ar 16:9` 生成横图，用 `--no text` 排除不想要的内容。\n- 对喜欢的结果点 **U** 放大，点 **V** 生成变体。',
      '- 先寫主體，再寫風格、光線和鏡頭：*雪地裡的紅狐狸，水彩，柔和晨光*。\n- 加 `--ar 16:9` 生成橫圖，用 `--no text` 排除不想要的內容。\n- 對喜歡的結果點 **U** 放大，點 **V** 生成變體。',
    ),
    sort: 0,
    enabled: true,
  },
];

const faq = (
  sort: number,
  question: sites.LocalizedText,
  answer: sites.LocalizedText,
): FaqDraft => ({
  question,
  answer,
  sort,
  status: 1,
});

export const defaultFaqs: FaqDraft[] = [
  faq(
    10,
    text('What are credits?', '什么是积分？', '什麼是積分？'),
    text(
      'Credits pay for AI work: each chat answer, drawing and mind map costs credits, by the model and the action. If a task fails, its credits are returned automatically.',
      '积分用于支付 AI 任务：每次对话回答、绘画和思维导图都会按模型和操作消耗积分；任务失败时积分会自动退还。',
      '積分用於支付 AI 任務：每次對話回答、繪畫和心智圖都會按模型和操作消耗積分；任務失敗時積分會自動退還。',
    ),
  ),
  faq(
    20,
    text('How do I get more credits?', '如何获得更多积分？', '如何獲得更多積分？'),
    text(
      'Open **Buy credits** to choose a package, or enter a redemption code if you have one. Signed-in users can also check in daily.',
      '打开**购买积分**选择套餐，或输入兑换码。登录用户还可以每日签到领取积分。',
      '打開**購買積分**選擇方案，或輸入兌換碼。登入使用者還可以每日簽到領取積分。',
    ),
  ),
  faq(
    30,
    text('Do I need an account?', '必须注册账号吗？', '必須註冊帳號嗎？'),
    text(
      'No. Guests get a trial allowance right away. When you sign up, your chats, works and credits move to your new account.',
      '不必。游客可以直接获得体验额度；注册后，你的对话、作品和积分都会转入新账号。',
      '不必。訪客可以直接獲得體驗額度；註冊後，你的對話、作品和積分都會轉入新帳號。',
    ),
  ),
  faq(
    40,
    text(
      'Why is my drawing still waiting?',
      '为什么我的绘画还在等待？',
      '為什麼我的繪畫還在等待？',
    ),
    text(
      'Tasks run in order. The card shows your place in the queue and the progress; you can leave the page, and the result is on the drawing screen when you come back.',
      '任务按顺序执行，卡片上会显示排队位置和进度。你可以离开页面，回来时结果就在绘画页面上。',
      '任務按順序執行，卡片上會顯示排隊位置和進度。你可以離開頁面，回來時結果就在繪畫頁面上。',
    ),
  ),
  faq(
    50,
    text(
      'Who can see my chats and images?',
      '谁能看到我的对话和图片？',
      '誰能看到我的對話和圖片？',
    ),
    text(
      'Only you. Nothing is public unless you share it yourself.',
      '只有你自己。除非你主动分享，否则内容不会公开。',
      '只有你自己。除非你主動分享，否則內容不會公開。',
    ),
  ),
  faq(
    60,
    text('How do I change the language?', '如何切换语言？', '如何切換語言？'),
    text(
      'Use the language button at the top of the page and pick English, 简体中文 or 繁體中文.',
      '点击页面顶部的语言按钮，选择 English、简体中文或繁體中文。',
      '點擊頁面頂部的語言按鈕，選擇 English、简体中文或繁體中文。',
    ),
  ),
];

const menu = (
  sort: number,
  name: string,
  icon: string,
  en: string,
  cn: string,
  tw: string,
): MenuDraft => ({ name, path: `/${name}`, title: text(en, cn, tw), icon, sort, status: 1 });

/** The product's screens (docs/product.md §2), with Ant Design icon names. */
export const defaultMenu: MenuDraft[] = [
  menu(10, 'Chat', 'MessageOutlined', 'AI Agent', 'AI 智能体', 'AI 智能體'),
  menu(20, 'Midjourney', 'PictureOutlined', 'MJ Drawing', 'MJ 绘画', 'MJ 繪畫'),
  menu(30, 'draw', 'HighlightOutlined', 'DALL·E Drawing', 'DALL·E 绘画', 'DALL·E 繪畫'),
  menu(40, 'sd3', 'ExperimentOutlined', 'SD3 Drawing', 'SD3 绘画', 'SD3 繪畫'),
  menu(50, 'tools', 'ToolOutlined', 'AI Toolbox', 'AI 工具箱', 'AI 工具箱'),
  menu(60, 'sddraw', 'AppstoreOutlined', 'Model Square', '模型广场', '模型廣場'),
  menu(70, 'video', 'VideoCameraOutlined', 'AI Video', 'AI 视频', 'AI 影片'),
  menu(80, 'music', 'CustomerServiceOutlined', 'AI Music', 'AI 音乐', 'AI 音樂'),
  menu(90, 'separation', 'SoundOutlined', 'Audio Separation', '音频分离', '音訊分離'),
  menu(100, 'market', 'ShopOutlined', 'Prompt Market', '提示词市场', '提示詞市集'),
  menu(110, 'history', 'HistoryOutlined', 'History', '历史记录', '歷史紀錄'),
  menu(120, 'user-center', 'UserOutlined', 'User centre', '个人中心', '個人中心'),
  menu(130, 'role', 'IdcardOutlined', 'Roles', '角色', '角色'),
  menu(140, 'app-store', 'AppstoreAddOutlined', 'App Store', '应用商店', '應用商店'),
  menu(150, 'pay', 'WalletOutlined', 'Buy credits', '购买积分', '購買積分'),
  menu(160, 'mind', 'ApartmentOutlined', 'Mind Map', '思维导图', '心智圖'),
];
