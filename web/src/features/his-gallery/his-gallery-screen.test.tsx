import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import HisGalleryScreen from './his-gallery-screen';

const author = { id: 13, name: 'Mei', avatar: '' };
const work = {
  id: 5,
  kind: 'mj',
  action: 'imagine',
  status: 3,
  progress: 100,
  prompt: 'a lighthouse at dusk',
  params: {},
  parentId: null,
  files: [],
  cover: null,
  media: 'image',
  title: 'Lighthouse',
  description: '',
  tags: [],
  isPublic: true,
  hidden: false,
  hiddenReason: null,
  likeCount: 0,
  collectCount: 0,
  liked: false,
  collected: false,
  mine: false,
  author,
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  publishedAt: '2026-01-01T00:00:00.000Z',
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The server's two answers of a designer's page: the record and the pages of works. */
const serveDesigner = () => {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      seen.push(url);
      if (url.includes('/works/designer'))
        return envelope({ author, totals: { works: 1, likes: 2, collects: 3 }, albums: [] });
      return envelope({ rows: [work], count: 1 });
    }),
  );
  return seen;
};

const renderAt = (path: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/hisGallery" element={<HisGalleryScreen />} />
          <Route path="/designerWork" element={<p>the square</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a designer's page", () => {
  it('shows the totals and the works (the record and the works pages once shared a key)', async () => {
    serveDesigner();
    renderAt('/hisGallery?userId=13');
    expect(await screen.findByTestId('designer-totals')).toBeTruthy();
    expect(await screen.findByText('Lighthouse')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Mei');
  });

  it('without a userId goes to the square and asks the server nothing', async () => {
    const seen = serveDesigner();
    renderAt('/hisGallery');
    expect(await screen.findByText('the square')).toBeTruthy();
    expect(seen).toEqual([]);
  });
});
