import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import DashboardSection from './section-dashboard';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const dashboard = {
  days: [{ day: '2026-11-28', signups: 1, activeUsers: 1, revenueCents: 0, creditsSpent: 14 }],
  spentByKind: [
    { kind: 'music', credits: 10 },
    { kind: 'image', credits: 4 },
    { kind: 'chat', credits: 2 },
  ],
  providers: [
    {
      providerId: null,
      providerName: '—',
      tasks: 6,
      succeeded: 6,
      failed: 0,
      successRate: 100,
      upstreamErrorRate: 0,
    },
  ],
};

/** The console's server: the dashboard, and the examples until they are removed. */
function serve() {
  let examples = { works: 6, prompts: 3 };
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') posts.push(url);
      if (url.includes('/admin/examples/remove')) {
        const gone = examples;
        examples = { works: 0, prompts: 0 };
        return ok(gone);
      }
      if (url.includes('/admin/examples')) return ok(examples);
      return ok(dashboard);
    }),
  );
  return posts;
}

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderSection = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <DashboardSection />
    </QueryClientProvider>,
  );

describe('console dashboard', () => {
  it('names every kind and the work done without a provider', async () => {
    serve();
    renderSection();
    for (const label of ['Music', 'Pictures', 'Chat'])
      expect(await screen.findByText(label)).toBeTruthy();
    expect(screen.getByText('Done here (no provider)')).toBeTruthy();
    expect(screen.queryByText('—')).toBeNull();
  });

  it('removes the seeded examples after one question, and the card goes', async () => {
    const posts = serve();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the examples' }));
    expect(posts).toEqual([]);
    expect(await screen.findByText(/Remove every example work and prompt/)).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Remove the examples' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(screen.queryByText('Example works and prompts')).toBeNull());
    expect(posts.filter((u) => u.includes('/admin/examples/remove'))).toHaveLength(1);
  });
});
