/** The interface languages; zh-CN is the default, en-US the fallback for a missing text. */
export const languages = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';
export const fallbackLanguage: Language = 'en-US';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The first of the browser's preferred languages the interface has; null when none is. */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const raw of preferred) {
    const tag = raw.toLowerCase();
    if (tag.startsWith('en')) return 'en-US';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant'))
      return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return null;
}

/**
 * The language a first visit gets on a site: the site's fixed language, or with `browser` the
 * browser's preferred one (the default language when it prefers none of ours).
 */
export function siteStartLanguage(
  setting: Language | 'browser',
  preferred: readonly string[],
): Language {
  if (setting !== 'browser') return setting;
  return browserLanguage(preferred) ?? defaultLanguage;
}

/**
 * The language a first visit starts in, known before the site's config answers: the server
 * writes the site's setting into index.html (`<html data-site-language>`); null when the page
 * names none (the dev server), and the default language applies until the config call.
 */
export function pageStartLanguage(
  setting: string | undefined,
  preferred: readonly string[],
): Language | null {
  if (setting !== 'browser' && !isLanguage(setting)) return null;
  return siteStartLanguage(setting, preferred);
}
