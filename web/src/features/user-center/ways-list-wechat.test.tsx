import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { identity } from '@atelier/contracts';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { useDialogs } from '../../stores/dialogs';
import { WaysList } from './ways-list';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A fake server whose ways list answers `rows` in turn (the last one stays). */
function serve(rows: identity.LinkedWay[][]) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (path === '/api/user/ways') {
        const now = rows.length > 1 ? rows.shift()! : rows[0]!;
        return Promise.resolve(
          ok({ rows: now, offered: { password: true, email: false, wechat: true, oidc: [] } }),
        );
      }
      if (path === '/api/auth/getInfo')
        return Promise.resolve(ok({ userInfo: null, userBalance: null }));
      return Promise.resolve(ok(null));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WaysList />
    </QueryClientProvider>,
  );
  return calls;
}

const password: identity.LinkedWay = {
  kind: 'password',
  label: 'ada',
  verified: true,
  unlinkable: true,
};
const wechat: identity.LinkedWay = {
  kind: 'wechat',
  id: 4,
  label: 'wx5f2a7c1e9b3d4a6f',
  verified: true,
  unlinkable: true,
};

beforeAll(() => loadLazyNamespaces());
beforeEach(() => {
  useAppSetting.setState({ language: 'en-US' });
  useDialogs.getState().close('bindWechat');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WeChat in the sign-in ways', () => {
  it('opens the bind dialog and reads the list again when it closes', async () => {
    const calls = serve([[password], [password, wechat]]);
    fireEvent.click(await screen.findByTestId('link-wechat'));
    expect(useDialogs.getState().flags.bindWechat).toBe(true);
    act(() => useDialogs.getState().close('bindWechat'));
    expect(await screen.findByText('WeChat')).toBeTruthy();
    expect(screen.getByText('wx5f2a7c1e9b3d4a6f')).toBeTruthy();
    expect(screen.queryByTestId('link-wechat')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/user/ways')).toHaveLength(2);
  });

  it('removes the link by its id after the confirmation', async () => {
    const calls = serve([[password, wechat]]);
    const row = (await screen.findByText('wx5f2a7c1e9b3d4a6f')).closest('li')!;
    fireEvent.click(row.querySelector('button')!);
    expect(await screen.findByText(/Remove WeChat\?/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/ways/unlink')?.body).toEqual({
        kind: 'wechat',
        id: 4,
      }),
    );
  });
});
