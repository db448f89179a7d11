import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { payments as P } from '@atelier/contracts';
import { queryClient } from '../../api/query-client';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { RefundDialog } from './refund-dialog';

const order: P.AdminOrder = {
  id: 5,
  userId: 42,
  orderNo: 'A-1',
  packageId: 1,
  packageName: 'Pack',
  amountCents: 990,
  currency: 'CNY',
  credits: 120,
  vipDays: 0,
  payWay: 'wechat',
  gateway: 'epay',
  status: 'paid',
  codeUrl: null,
  payUrl: null,
  expiresAt: '2026-11-28T10:00:00.000Z',
  paidAt: '2026-11-28T09:00:00.000Z',
  refundedAt: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  gatewayTradeNo: null,
  paidBy: 'notify',
  refundedBy: null,
  refundReason: '',
};

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('refund dialog', () => {
  it('asks once more, naming the credits and the user, before it refunds', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return new Response(
          JSON.stringify({ code: 200, success: true, message: '', data: order }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <RefundDialog order={order} onClose={onClose} />
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'double charge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund to credits' }));
    expect(
      await screen.findByText('Refund 120 credits to user 42? This cannot be undone.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: 'Refund to credits' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.includes('/admin/payments/orders/refund'))).toHaveLength(1);
  });
});
