/*
 * Labels of the form fields the contracts name, as literal i18n keys (the locale test finds
 * them). A field not listed shows its contract name.
 */
export const fieldLabels: Record<string, string> = {
  name: 'admin:f.name',
  protocol: 'admin:f.protocol',
  baseUrl: 'admin:f.baseUrl',
  apiKey: 'admin:f.apiKey',
  concurrency: 'admin:f.concurrency',
  timeoutMs: 'admin:f.timeoutMs',
  enabled: 'admin:f.enabled',
  upstreamModel: 'admin:f.upstreamModel',
  providerId: 'admin:f.providerId',
  kind: 'admin:f.kind',
  priceKey: 'admin:f.priceKey',
  vision: 'admin:f.vision',
  contextWindow: 'admin:f.contextWindow',
  maxOutput: 'admin:f.maxOutput',
  systemPrompt: 'admin:f.systemPrompt',
  sort: 'admin:f.sort',
  vipOnly: 'admin:f.vipOnly',
  model: 'admin:f.model',
  action: 'admin:f.action',
  category: 'admin:f.category',
  label: 'admin:f.label',
  unit: 'admin:f.unit',
  credits: 'admin:f.credits',
  inputPer1k: 'admin:f.inputPer1k',
  outputPer1k: 'admin:f.outputPer1k',
  title: 'admin:f.title',
  content: 'admin:f.content',
  status: 'admin:f.status',
  count: 'admin:f.count',
  vipDays: 'admin:f.vipDays',
  priceCents: 'admin:f.priceCents',
  domain: 'admin:f.domain',
  userQuotaMb: 'admin:sites.userQuotaMb',
  guestQuotaMb: 'admin:sites.guestQuotaMb',
  chatFileMaxMb: 'admin:sites.chatFileMaxMb',
  logo: 'admin:f.logo',
  maxResults: 'admin:f.maxResults',
  pagesRead: 'admin:f.pagesRead',
  url: 'admin:f.url',
  token: 'admin:f.token',
  allowPrivate: 'admin:f.allowPrivate',
  tools: 'admin:chatTools.tools',
  icon: 'admin:f.icon',
  appLogo: 'admin:f.logo',
  appIco: 'admin:f.icon',
  description: 'admin:f.description',
  createdAt: 'admin:f.createdAt',
  apiKeyState: 'admin:f.apiKey',
  id: 'admin:f.id',
  guestTrial: 'admin:f.guestTrial',
  registerGift: 'admin:f.registerGift',
  inviteReward: 'admin:f.inviteReward',
  inviteDailyCap: 'admin:f.inviteDailyCap',
  dailyCheckin: 'admin:f.dailyCheckin',
  vipDiscountPercent: 'admin:f.vipDiscountPercent',
  vipFreePerDay: 'admin:f.vipFreePerDay',
  holdTtlSeconds: 'admin:f.holdTtlSeconds',
  wordFreePerDay: 'admin:f.wordFreePerDay',
  guestWordFreePerDay: 'admin:f.guestWordFreePerDay',
  signupGiftsPerIp: 'admin:f.signupGiftsPerIp',
};

/** A hint under a form field, as literal i18n keys: which key an upstream expects. */
export const fieldHints: Record<string, string> = {
  apiKey: 'admin:f.apiKeyHint',
};

/** A kind's label key: the price categories and the model kinds share one list. */
const kindValues: Record<string, string> = {
  chat: 'admin:dashboard.kind.chat',
  image: 'admin:dashboard.kind.image',
  music: 'admin:dashboard.kind.music',
  video: 'admin:dashboard.kind.video',
  separation: 'admin:dashboard.kind.separation',
  transcription: 'admin:dashboard.kind.transcription',
  speech: 'admin:dashboard.kind.speech',
  other: 'admin:dashboard.kind.other',
};

/**
 * Labels of the values of the fields that hold a name from a fixed list, as literal i18n keys:
 * the console shows "Chat" or "对话", never `chat`. A value not listed shows itself.
 */
export const valueLabels: Record<string, Record<string, string>> = {
  category: kindValues,
  kind: kindValues,
  unit: { call: 'admin:unit.call', '1k_tokens': 'admin:unit.perThousandTokens' },
};

/** A field's value in the viewer's language when it is a name from a fixed list. */
export function valueLabel(field: string, value: unknown, t: (k: string) => string): string {
  const key = typeof value === 'string' ? valueLabels[field]?.[value] : undefined;
  return key ? t(key) : String(value ?? '');
}
