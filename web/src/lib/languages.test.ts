import { describe, expect, it } from 'vitest';
import { browserLanguage, pageStartLanguage, siteStartLanguage } from './languages';

describe('the language of a first visit', () => {
  it("reads the first of the browser's languages the interface has", () => {
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en-US');
    expect(browserLanguage(['fr-FR', 'zh-HK', 'en'])).toBe('zh-TW');
    expect(browserLanguage(['zh-Hant-TW'])).toBe('zh-TW');
    expect(browserLanguage(['zh'])).toBe('zh-CN');
    expect(browserLanguage(['fr-FR', 'de'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it("uses the site's fixed language, or the browser's with zh-CN when it has none of ours", () => {
    expect(siteStartLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(siteStartLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(siteStartLanguage('browser', ['en-US', 'zh-CN'])).toBe('en-US');
    expect(siteStartLanguage('browser', ['zh-TW'])).toBe('zh-TW');
    expect(siteStartLanguage('browser', ['fr-FR'])).toBe('zh-CN');
  });

  it('starts in the language index.html names, or in none when it names none we know', () => {
    expect(pageStartLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(pageStartLanguage('browser', ['zh-HK'])).toBe('zh-TW');
    expect(pageStartLanguage('browser', ['fr'])).toBe('zh-CN');
    expect(pageStartLanguage(undefined, ['en-US'])).toBeNull();
    expect(pageStartLanguage('fr-FR', ['en-US'])).toBeNull();
  });
});
