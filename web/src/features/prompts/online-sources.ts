import type { Language } from '../../lib/languages';

/**
 * Online sources offered in the Online tab. The built-in ones are JSON files this site serves
 * (`web/public/prompts/`), so the tab works without internet access; a user may type any other
 * address of a JSON file.
 */
export const builtInSources = [
  { url: '/prompts/zh-CN.json', labelKey: 'prompts:online.builtinZh' },
  { url: '/prompts/en-US.json', labelKey: 'prompts:online.builtinEn' },
] as const;

/** The built-in list in the interface language (traditional Chinese reads the Chinese one). */
export const defaultSourceUrl = (language: Language): string =>
  language === 'en-US' ? builtInSources[1].url : builtInSources[0].url;
