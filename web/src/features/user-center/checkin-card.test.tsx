import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { loadLazyNamespaces } from '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { CheckinCard } from './checkin-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const display = (checkedInToday: boolean, days: string[]) => ({
  code: 200,
  success: true,
  message: '',
  data: {
    month: '2026-11',
    today: '2026-11-22',
    days,
    streak: days.length,
    checkedInToday,
    reward: 10,
  },
});

const balance = { credits: 110, usedCredits: 0, hh_vip_time: null, isVip: false };

/** A server that answers the check-in with `checkin` and then shows the day as checked in. */
function serve(checkin: Response) {
  let checkedIn = false;
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/user/displaycheckin'))
      return json(200, display(checkedIn, checkedIn ? ['2026-11-22'] : []));
    if (url.includes('/user/checkin')) {
      checkedIn = true;
      return checkin;
    }
    return json(404, { code: 404, success: false, message: 'no', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const notices = { info: [] as string[], error: [] as string[], success: [] as string[] };

/** The app's own cache: the balance-changed action after a check-in invalidates queries there. */
const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <CheckinCard />
    </QueryClientProvider>,
  );

beforeAll(() => loadLazyNamespaces());

beforeEach(() => {
  notices.info = [];
  notices.error = [];
  notices.success = [];
  setNotifier({
    info: (t) => notices.info.push(t),
    error: (t) => notices.error.push(t),
    success: (t) => notices.success.push(t),
  });
  useAppSetting.setState({ language: 'en-US' });
  useAuthStore.setState({ token: 'session', userBalance: null });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('check-in card', () => {
  it('checks in: the reward is confirmed, the balance updated and today marked', async () => {
    serve(
      json(200, {
        code: 200,
        success: true,
        message: '',
        data: { credits: 10, day: '2026-11-22', streak: 1, balance },
      }),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(notices.success).toEqual(['Checked in: 10 credits added']));
    expect(useAuthStore.getState().userBalance).toEqual(balance);
    expect(await screen.findByRole('button', { name: /Checked in today/ })).toBeTruthy();
    expect(screen.getAllByTestId('checked-day')).toHaveLength(1);
    expect(screen.getByLabelText('Checked in on day 22').getAttribute('aria-current')).toBe('date');
  });

  it('shows "already checked in" (420) as a notice, not an error', async () => {
    serve(
      json(420, { code: 420, success: false, message: 'Already checked in today', data: null }),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(notices.info).toEqual(['Already checked in today']));
    expect(notices.error).toEqual([]);
    expect(notices.success).toEqual([]);
    expect(await screen.findByRole('button', { name: /Checked in today/ })).toBeTruthy();
  });
});
