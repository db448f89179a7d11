import type { Lang, Localized } from './messages.js';

/**
 * What people call the fields they type into, for messages that read as sentences ("Username
 * must be at least 3 characters", "用户名至少 3 个字符"). The field's own name stays in
 * `data.errors[].field` for the form; it never appears in the message.
 */
const names: Record<string, Localized> = {
  username: { 'en-US': 'Username', 'zh-CN': '用户名', 'zh-TW': '使用者名稱' },
  password: { 'en-US': 'Password', 'zh-CN': '密码', 'zh-TW': '密碼' },
  oldPassword: { 'en-US': 'Current password', 'zh-CN': '当前密码', 'zh-TW': '目前密碼' },
  email: { 'en-US': 'Email address', 'zh-CN': '邮箱', 'zh-TW': '郵箱' },
  nickname: { 'en-US': 'Nickname', 'zh-CN': '昵称', 'zh-TW': '暱稱' },
  avatar: { 'en-US': 'Avatar link', 'zh-CN': '头像链接', 'zh-TW': '頭像連結' },
  sign: { 'en-US': 'Signature', 'zh-CN': '个性签名', 'zh-TW': '個性簽名' },
  personaRole: { 'en-US': 'Persona', 'zh-CN': '角色设定', 'zh-TW': '角色設定' },
  invitedBy: { 'en-US': 'Invite code', 'zh-CN': '邀请码', 'zh-TW': '邀請碼' },
  code: { 'en-US': 'Redemption code', 'zh-CN': '兑换码', 'zh-TW': '兌換碼' },
  prompt: { 'en-US': 'Prompt', 'zh-CN': '提示词', 'zh-TW': '提示詞' },
  name: { 'en-US': 'Name', 'zh-CN': '名称', 'zh-TW': '名稱' },
  title: { 'en-US': 'Title', 'zh-CN': '标题', 'zh-TW': '標題' },
  content: { 'en-US': 'Content', 'zh-CN': '内容', 'zh-TW': '內容' },
  baseUrl: { 'en-US': 'Base URL', 'zh-CN': '接口地址', 'zh-TW': '介面位址' },
  apiKey: { 'en-US': 'API key', 'zh-CN': 'API 密钥', 'zh-TW': 'API 金鑰' },
  model: { 'en-US': 'Model', 'zh-CN': '模型', 'zh-TW': '模型' },
  payWay: { 'en-US': 'Payment method', 'zh-CN': '支付方式', 'zh-TW': '支付方式' },
};

/** Said of a field nobody types into (the app filled it in): no internal name in the text. */
const fallback: Localized = {
  'en-US': 'A value sent',
  'zh-CN': '提交的内容',
  'zh-TW': '提交的內容',
};
/** Said of the request as a whole (an unknown field, a missing body). */
const wholeRequest: Localized = { 'en-US': 'The request', 'zh-CN': '请求', 'zh-TW': '請求' };

/** The name a person reads for a field path such as `email` or `messages.0.content`. */
export function fieldName(path: string, lang: Lang): string {
  if (path === '(body)' || path === '') return wholeRequest[lang];
  const last =
    path
      .split('.')
      .reverse()
      .find((part) => !/^\d+$/.test(part)) ?? '';
  return (Object.hasOwn(names, last) ? names[last]! : fallback)[lang];
}
