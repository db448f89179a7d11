import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { spentOnText } from './spent-on';

beforeAll(() => loadLazyNamespaces());

const chat = {
  source: 'chat' as const,
  refId: 12,
  model: 'demo-chat',
  action: 'chat',
  category: 'chat' as const,
  label: 'Offline demo chat',
  kind: null,
};
const imagine = {
  source: 'task' as const,
  refId: 77,
  model: 'demo-image',
  action: 'imagine',
  category: 'image' as const,
  label: 'Offline demo: imagine',
  kind: 'mj',
};

describe('what a charge paid for', () => {
  it('names the chat model, the mind map and the drawing action, in the language shown', () => {
    const en = i18next.getFixedT('en-US');
    expect(spentOnText(chat, en)).toBe('Chat · Offline demo chat');
    expect(spentOnText({ ...chat, source: 'mind', refId: null }, en)).toBe(
      'Mind map · Offline demo chat',
    );
    expect(spentOnText(imagine, en)).toBe('Midjourney · Imagine');
    const cn = i18next.getFixedT('zh-CN');
    expect(spentOnText(imagine, cn)).toBe('Midjourney · 绘画');
    expect(spentOnText(chat, cn)).toBe('对话 · Offline demo chat');
  });

  it('falls back to the price label, and to nothing when the price is gone', () => {
    const en = i18next.getFixedT('en-US');
    const song = { ...imagine, model: 'demo-music', action: 'song', category: 'music' as const };
    expect(spentOnText({ ...song, label: 'Offline demo: song' }, en)).toBe('Music · song');
    const gone = { ...imagine, model: null, action: null, category: null, label: null };
    expect(spentOnText(gone, en)).toBeNull();
    expect(spentOnText(null, en)).toBeNull();
  });

  it('names a toolbox, model square or DALL·E charge by its kind and action, not Midjourney', () => {
    const en = i18next.getFixedT('en-US');
    const tool = { ...imagine, model: 'sd-tool', action: 'rembg', label: 'Toolbox: rembg' };
    expect(spentOnText({ ...tool, kind: 'sd-tool' }, en)).toBe('Toolbox · Remove background');
    expect(spentOnText({ ...tool, action: 'redraw', kind: 'sd-tool' }, en)).toBe(
      'Toolbox · Redraw',
    );
    const square = { ...imagine, model: 'sd-demo', action: 'create', kind: 'sd' };
    expect(spentOnText(square, en)).toBe('Model square · Picture');
    const cn = i18next.getFixedT('zh-CN');
    expect(spentOnText({ ...tool, kind: 'sd-tool' }, cn)).toBe('工具箱 · 去除背景');
    expect(spentOnText(square, cn)).toBe('模型广场 · 图片');
  });
});
