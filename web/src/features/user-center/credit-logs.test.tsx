import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { CreditLogs } from './credit-logs';

const row = (id: number, kind: string, amount: number, spentOn: unknown = null) => ({
  id,
  kind,
  amount,
  balanceAfter: 100,
  vipDays: 0,
  ref: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  spentOn,
  fromGuest: false,
});

const answer = (rows: unknown[]) =>
  new Response(
    JSON.stringify({ code: 200, success: true, message: '', data: { rows, count: rows.length } }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('credit logs', () => {
  it('"Credits received" lists the sign-up gift and check-ins, not only purchases', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        paths.push(new URL(String(input), 'http://localhost').pathname);
        return Promise.resolve(answer([row(2, 'checkin', 10), row(1, 'register_gift', 100)]));
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CreditLogs />
      </QueryClientProvider>,
    );
    const titles = await screen.findAllByTestId('log-title');
    expect(titles.map((e) => e.textContent)).toEqual(['Daily check-in', 'Sign-up gift']);
    expect(paths).toEqual(['/api/midjourney/getCoinList']);
  });
});
