import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { InvitesPanel } from './invites-panel';

/** The server's answer to `GET /user/invites`: one invitee pending, one paid. */
const invites = {
  inviteCode: 'ABCD2345',
  reward: 50,
  dailyCap: 10,
  pendingCredits: 50,
  paidCredits: 50,
  count: 2,
  rows: [
    {
      name: 'fresh',
      createdAt: '2026-01-02T00:00:00.000Z',
      status: 'pending',
      amount: 50,
      paidAt: null,
    },
    {
      name: 'buyer',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'paid',
      amount: 50,
      paidAt: '2026-01-03T00:00:00.000Z',
    },
  ],
};

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invites panel', () => {
  it('shows a reward as pending until the invitee pays, and says what it waits for', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        paths.push(new URL(String(input), 'http://localhost').pathname);
        return Promise.resolve(
          new Response(JSON.stringify({ code: 200, success: true, message: '', data: invites }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InvitesPanel />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('invites-pending')).textContent).toBe('50');
    expect(screen.getByTestId('invites-paid').textContent).toBe('50');
    const pending = screen.getByText('Pending · 50');
    expect(pending.closest('[title]')?.getAttribute('title')).toBe(
      'Paid once this friend first buys credits or spends more than their gifts',
    );
    expect(screen.getByText('Paid · +50')).toBeTruthy();
    expect(screen.getByTestId('invites-panel').textContent).toContain(
      'once they first buy credits or spend more than they were given (at most 10 rewards a day)',
    );
    expect(paths).toEqual(['/api/user/invites']);
  });
});
