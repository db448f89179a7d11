import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth';
import { useDialogs } from '../stores/dialogs';
import { guestRegistered, newGuestUuid, startIdentity } from './identity';

const user = (username: string | null) => ({
  userInfo: { id: 1, username, userBalance: { credits: 10 } },
  userBalance: { credits: 10, usedCredits: 0, hh_vip_time: null, isVip: false },
});
const reply = (status: number, data: unknown) =>
  new Response(JSON.stringify({ code: status, success: status < 300, message: '', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake API at the fetch boundary that knows which guests are registered. */
const fakeApi = (known: Set<string>) =>
  vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (url.startsWith('/api/user/createGuest')) {
      const { guest_id } = JSON.parse(String(init?.body)) as { guest_id: string };
      known.add(guest_id);
      return reply(201, { guestId: guest_id, created: true, user: user(null) });
    }
    if (url.startsWith('/api/auth/getInfo')) {
      if (headers.Authorization === 'Bearer good') return reply(200, user('ann'));
      return headers.Guestid && known.has(headers.Guestid)
        ? reply(200, user(null))
        : reply(401, null);
    }
    return reply(404, null);
  });

const calls = (mock: ReturnType<typeof fakeApi>, path: string) =>
  mock.mock.calls.filter(([u]) => String(u).startsWith(path)).length;

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'uuidToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  useAuthStore.setState({ token: null, guestid: null, userInfo: null });
  useDialogs.getState().close('login');
});
afterEach(() => vi.unstubAllGlobals());

describe('identity at start', () => {
  it('registers a new guest once, keeps its uuid under the guest key and in no cookie', async () => {
    const known = new Set<string>();
    const api = fakeApi(known);
    vi.stubGlobal('fetch', api);
    await startIdentity();
    const uuid = useAuthStore.getState().guestid!;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.cookie).not.toContain('uuidToken');
    expect(localStorage.getItem('GUEST_UUID_TOKEN')).toBe(uuid);
    expect(calls(api, '/api/user/createGuest')).toBe(1);
    // The registration answers who the guest is: no second round trip for it.
    expect(calls(api, '/api/auth/getInfo')).toBe(0);
    expect(useAuthStore.getState().userInfo?.username).toBeNull();
    await startIdentity();
    expect(calls(api, '/api/user/createGuest')).toBe(1);
    expect(useAuthStore.getState().guestid).toBe(uuid);
  });

  it('takes the uuid of the old cookie once, removes the cookie, and registers it again on a 401', async () => {
    const uuid = '3f1e2d3c-4b5a-4978-8877-665544332211';
    document.cookie = `uuidToken=${uuid}; path=/`;
    const api = fakeApi(new Set());
    vi.stubGlobal('fetch', api);
    await startIdentity();
    expect(calls(api, '/api/user/createGuest')).toBe(1);
    expect(calls(api, '/api/auth/getInfo')).toBe(1);
    expect(useAuthStore.getState().userInfo).not.toBeNull();
    expect(useDialogs.getState().flags.login).toBe(false);
    expect(useAuthStore.getState().guestid).toBe(uuid);
    expect(localStorage.getItem('GUEST_UUID_TOKEN')).toBe(uuid);
    expect(document.cookie).not.toContain('uuidToken');
  });

  it('a signed-in user is read with the token', async () => {
    document.cookie = 'uuidToken=3f1e2d3c-4b5a-4978-8877-665544332211; path=/';
    useAuthStore.getState().setToken('good');
    const api = fakeApi(new Set());
    vi.stubGlobal('fetch', api);
    await startIdentity();
    expect(useAuthStore.getState().userInfo?.username).toBe('ann');
    expect(calls(api, '/api/user/createGuest')).toBe(0);
  });

  it('a signed-in first visit registers no guest, unless the session is over', async () => {
    useAuthStore.getState().setToken('good');
    const api = fakeApi(new Set());
    vi.stubGlobal('fetch', api);
    await startIdentity();
    expect(useAuthStore.getState().userInfo?.username).toBe('ann');
    expect(calls(api, '/api/user/createGuest')).toBe(0);
    expect(localStorage.getItem('GUEST_UUID_TOKEN')).toBe(useAuthStore.getState().guestid);

    localStorage.removeItem('GUEST_UUID_TOKEN');
    useAuthStore.setState({ userInfo: null, guestid: null });
    useAuthStore.getState().setToken('expired');
    await startIdentity();
    expect(calls(api, '/api/user/createGuest')).toBe(1);
    expect(useAuthStore.getState().userInfo?.username).toBeNull();
  });

  it('makes uuids on plain http too, where crypto.randomUUID is missing', () => {
    vi.stubGlobal('isSecureContext', false);
    const ids = new Set(Array.from({ length: 50 }, newGuestUuid));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    vi.unstubAllGlobals();
  });

  it('settles guestRegistered once the start-up registration is done', async () => {
    vi.stubGlobal('fetch', fakeApi(new Set()));
    await startIdentity();
    await expect(guestRegistered).resolves.toBeUndefined();
  });
});
