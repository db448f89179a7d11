import type { FastifyRequest } from 'fastify';

export const languages = ['en-US', 'zh-CN', 'zh-TW'] as const;
export type Lang = (typeof languages)[number];
/** A text a user reads, in each interface language. Modules keep theirs in their own folder. */
export type Localized = Readonly<Record<Lang, string>>;

/** Texts shared by every module. */
export const common = {
  ok: { 'en-US': 'Success', 'zh-CN': '成功', 'zh-TW': '成功' },
  somethingWentWrong: {
    'en-US': 'Something went wrong, please try again later.',
    'zh-CN': '出了点问题，请稍后再试。',
    'zh-TW': '出了點問題，請稍後再試。',
  },
  notSignedIn: { 'en-US': 'Please sign in first', 'zh-CN': '请先登录', 'zh-TW': '請先登入' },
  sessionExpired: {
    'en-US': 'Your session has ended, please sign in again',
    'zh-CN': '登录已失效，请重新登录',
    'zh-TW': '登入已失效，請重新登入',
  },
  unauthorized: {
    'en-US': 'Unauthorized, please verify first.',
    'zh-CN': '未授权，请先验证。',
    'zh-TW': '未授權，請先驗證。',
  },
  forbidden: {
    'en-US': 'You are not allowed to do this',
    'zh-CN': '你没有权限执行此操作',
    'zh-TW': '你沒有權限執行此操作',
  },
  notFound: { 'en-US': 'Not found', 'zh-CN': '未找到', 'zh-TW': '未找到' },
  routeNotFound: {
    'en-US': 'No such API call: {route}',
    'zh-CN': '没有这个接口：{route}',
    'zh-TW': '沒有這個介面：{route}',
  },
  tooManyRequests: {
    'en-US': 'Too many requests, please try again in {seconds} seconds',
    'zh-CN': '请求过于频繁，请 {seconds} 秒后再试',
    'zh-TW': '請求過於頻繁，請 {seconds} 秒後再試',
  },
  /** `field` is what people call it (`fieldName`), `problem` a predicate ("is required"). */
  invalidField: {
    'en-US': '{field} {problem}.',
    'zh-CN': '{field}{problem}',
    'zh-TW': '{field}{problem}',
  },
  /** For the admin API: `field` as the API spells it. */
  invalidNamedField: {
    'en-US': '{field}: {problem}',
    'zh-CN': '{field}：{problem}',
    'zh-TW': '{field}：{problem}',
  },
  bodyTooLarge: {
    'en-US': 'The request is too large',
    'zh-CN': '请求内容过大',
    'zh-TW': '請求內容過大',
  },
  badUrl: {
    'en-US': 'The address of the request is malformed (a broken %-encoding)',
    'zh-CN': '请求地址格式有误（% 编码无效）',
    'zh-TW': '請求位址格式有誤（% 編碼無效）',
  },
  badRequest: {
    'en-US': 'The request cannot be read',
    'zh-CN': '无法读取该请求',
    'zh-TW': '無法讀取該請求',
  },
  headersTooLarge: {
    'en-US': 'The address or the headers of the request are too long',
    'zh-CN': '请求地址或请求头过长',
    'zh-TW': '請求位址或請求標頭過長',
  },
  tooDeep: {
    'en-US': '{field}: nested too deeply (at most {max} levels)',
    'zh-CN': '{field}：嵌套层级过深（最多 {max} 层）',
    'zh-TW': '{field}：巢狀層級過深（最多 {max} 層）',
  },
  notEnoughCredits: {
    'en-US': 'Not enough credits: this needs {needed}, you have {available}. Please recharge.',
    'zh-CN': '积分不足：本次需要 {needed}，当前余额 {available}，请充值。',
    'zh-TW': '積分不足：本次需要 {needed}，目前餘額 {available}，請儲值。',
  },
  /** The database or Redis is away (a restart, a failover): try again shortly. */
  serviceUnavailable: {
    'en-US': 'The service is briefly unavailable, please try again in a moment.',
    'zh-CN': '服务暂时不可用，请稍后再试。',
    'zh-TW': '服務暫時無法使用，請稍後再試。',
  },
  invalidJson: {
    'en-US': 'The request body is not valid JSON',
    'zh-CN': '请求内容不是有效的 JSON',
    'zh-TW': '請求內容不是有效的 JSON',
  },
} satisfies Record<string, Localized>;

export function format(
  text: Localized,
  lang: Lang,
  params: Record<string, string | number> = {},
): string {
  return text[lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A text with its parameters filled in every language (kept for readers of any language). */
export const formatAll = (text: Localized, params: Record<string, string | number>): Localized =>
  Object.fromEntries(languages.map((l) => [l, format(text, l, params)])) as Localized;

/**
 * The caller's language: the web app sends `X-Lang`; otherwise the first supported
 * `Accept-Language`; otherwise the product default, simplified Chinese.
 */
export function langOf(req: Pick<FastifyRequest, 'headers'>): Lang {
  const explicit = req.headers['x-lang'];
  if (typeof explicit === 'string' && (languages as readonly string[]).includes(explicit))
    return explicit as Lang;
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const tag = part.split(';')[0]!.trim().toLowerCase();
      if (tag.startsWith('en')) return 'en-US';
      if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant' || tag.startsWith('zh-hant'))
        return 'zh-TW';
      if (tag.startsWith('zh')) return 'zh-CN';
    }
  }
  return 'zh-CN';
}
