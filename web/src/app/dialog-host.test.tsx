import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppSetting } from '../stores/app-setting';
import { useDialogs } from '../stores/dialogs';
import { serveList } from '../test/serve-list';
import { DialogHost } from './dialog-host';

const notice = {
  id: 1,
  siteId: null,
  kind: 'notice',
  title: { 'en-US': 'Welcome', 'zh-CN': '欢迎', 'zh-TW': '歡迎' },
  content: { 'en-US': 'Hello there', 'zh-CN': '你好', 'zh-TW': '你好' },
  sort: 0,
  enabled: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useDialogs.getState().close('notice');
});

describe('the dialog host', () => {
  it('keeps the start notice off a status page and shows it once the user leaves', async () => {
    serveList([notice]);
    useDialogs.getState().open('notice');
    const router = createMemoryRouter([{ path: '*', element: <DialogHost /> }], {
      initialEntries: ['/'],
    });
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Hello there')).toBeTruthy();
    await act(() => router.navigate('/500'));
    await waitFor(() => expect(screen.queryByText('Hello there')).toBeNull());
    await act(() => router.navigate('/'));
    expect(await screen.findByText('Hello there')).toBeTruthy();
  });
});
