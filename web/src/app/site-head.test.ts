import type { sites } from '@atelier/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { applySiteHead, injectAnalytics, pageTitle } from './site-head';

const text = (en: string, cn: string, tw: string) => ({ 'en-US': en, 'zh-CN': cn, 'zh-TW': tw });
const front = (appIco: string): sites.FrontConfig =>
  ({
    site: {
      appIco,
      keywords: text('AI, drawing', 'AI,绘画', 'AI,繪畫'),
      description: text('Create with AI', '用 AI 创作', '用 AI 創作'),
    },
    global: { clientFavoIconPath: '/favicon.svg' },
  }) as unknown as sites.FrontConfig;

beforeEach(() => {
  document.head.innerHTML = '';
});

describe('site head', () => {
  it('sets icon, keywords and description in the chosen language', () => {
    applySiteHead(front('/brand.ico'), 'zh-TW');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/brand.ico',
    );
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')?.content).toBe(
      'AI,繪畫',
    );
    applySiteHead(front(''), 'en-US');
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/favicon.svg',
    );
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Create with AI',
    );
  });

  it('keeps the inline copy of the app’s own icon instead of fetching /favicon.svg', () => {
    const inline = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>";
    document.head.innerHTML = `<link rel="icon" href="${inline}">`;
    applySiteHead(front('/favicon.svg'), 'en-US');
    const href = () => document.head.querySelector('link[rel="icon"]')?.getAttribute('href');
    expect(href()).toBe(inline);
    applySiteHead(front('/brand.ico'), 'en-US');
    expect(href()).toBe('/brand.ico');
    applySiteHead(front(''), 'en-US');
    expect(href()).toBe(inline);
  });

  it('injects the analytics snippet once, and only for a valid id', () => {
    injectAnalytics('');
    injectAnalytics('not an id');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    const id = '0123456789abcdef0123456789abcdef';
    injectAnalytics(id);
    injectAnalytics(id);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe(`https://hm.baidu.com/hm.js?${id}`);
  });

  it('titles a screen with the site name', () => {
    expect(pageTitle('MJ 绘画', 'Atelier')).toBe('MJ 绘画 - Atelier');
    expect(pageTitle(null, 'Atelier')).toBe('Atelier');
  });
});
