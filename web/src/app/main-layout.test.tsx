import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { sites } from '@atelier/contracts';
import MobileHomeScreen from '../features/mobile-home/mobile-home-screen';
import { useAppSetting } from '../stores/app-setting';
import { useDialogs } from '../stores/dialogs';
import { useShared } from '../stores/shared';
import { MainLayout } from './main-layout';

const entry = (sort: number, name: string, en: string, zh: string): sites.MenuEntry => ({
  id: sort,
  name,
  path: `/${name}`,
  title: { 'en-US': en, 'zh-CN': zh, 'zh-TW': zh },
  icon: '',
  sort,
  status: 1,
  createdAt: '',
  updatedAt: '',
});

/** The seeded menu's order: ready screens and screens still to come mixed. */
const menu = [
  entry(10, 'Chat', 'AI Agent', 'AI 智能体'),
  entry(20, 'Midjourney', 'MJ Drawing', 'MJ 绘画'),
  entry(70, 'video', 'AI Video', 'AI 视频'),
  entry(110, 'history', 'History', '历史记录'),
  entry(120, 'user-center', 'User centre', '个人中心'),
  entry(130, 'role', 'Roles', '角色'),
  entry(160, 'mind', 'Mind Map', '思维导图'),
];

/** Lays out at phone width (under 640 px) or desktop width. */
function viewport(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<MainLayout />}>
          <Route path="/mobileHome" element={<MobileHomeScreen />} />
          <Route path="*" element={<p>screen</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const link = (name: RegExp) => within(nav()).getByRole('link', { name });

beforeEach(() => {
  useAppSetting.setState({ language: 'en-US', siderCollapsed: false });
  useShared.setState({ menuList: menu });
});
afterEach(() => {
  cleanup();
  useDialogs.getState().close('faq');
});

describe('the menu', () => {
  it('tags no screen "Soon" now that every screen has landed, and opens the frequent questions', () => {
    viewport(false);
    renderAt('/Chat');
    expect(link(/AI Video/).textContent).toBe('AI Video');
    expect(link(/History/).textContent).toBe('History');
    expect(link(/AI Agent/).textContent).toBe('AI Agent');
    expect(link(/Mind Map/).textContent).toBe('Mind Map');
    fireEvent.click(within(nav()).getByRole('button', { name: /Frequent questions/ }));
    expect(useDialogs.getState().flags.faq).toBe(true);
  });

  it('names the screens in Chinese, with no "Soon" tag', () => {
    viewport(false);
    useAppSetting.setState({ language: 'zh-CN' });
    renderAt('/Chat');
    const tagged = within(screen.getByRole('navigation', { name: '主导航' })).getByRole('link', {
      name: /AI 视频/,
    });
    expect(tagged.textContent).toBe('AI 视频');
  });

  it('keeps five phone tabs; the launcher lists every menu screen in menu order', () => {
    viewport(true);
    renderAt('/mobileHome');
    const tabs = within(nav())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(tabs).toEqual(['Home', 'AI Agent', 'MJ Drawing', 'History', 'User centre']);
    const cards = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(cards).toEqual([
      'AI Agent',
      'MJ Drawing',
      'AI Video',
      'History',
      'User centre',
      'Roles',
      'Mind Map',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Frequent questions/ }));
    expect(useDialogs.getState().flags.faq).toBe(true);
  });
});
