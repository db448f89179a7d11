/** The interface languages; zh-CN is the default, en-US the fallback for a missing text. */
export const languages = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';
export const fallbackLanguage: Language = 'en-US';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
