import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { OidcPanel } from './oidc-panel';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('console sign-in providers', () => {
  it('fills a new provider from the Google preset and saves it with its issuer and scopes', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/admin/sites')
          return ok({ rows: [{ id: 1, domain: 'default', isDefault: true }], count: 1 });
        if (path === '/api/admin/oidc' && init?.method === 'POST') {
          saved.push(JSON.parse(String(init.body)));
          return ok(null);
        }
        if (path === '/api/admin/oidc')
          return ok({ rows: [], callbackUrl: 'https://a.example/api/auth/oidc/callback' });
        return ok(null);
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <OidcPanel />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a provider' }));
    expect(screen.getByText(/in place of <tenant-id>/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Google' }));
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'gid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      siteId: 1,
      name: 'Google',
      slug: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'gid',
      scopes: 'openid email profile',
    });
  });

  it('the GitHub preset asks for no issuer and saves a github provider', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/admin/sites')
          return ok({ rows: [{ id: 1, domain: 'default', isDefault: true }], count: 1 });
        if (path === '/api/admin/oidc' && init?.method === 'POST') {
          saved.push(JSON.parse(String(init.body)));
          return ok(null);
        }
        if (path === '/api/admin/oidc')
          return ok({ rows: [], callbackUrl: 'https://a.example/api/auth/oidc/callback' });
        return ok(null);
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <OidcPanel />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a provider' }));
    expect(screen.getByLabelText('Issuer URL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'GitHub' }));
    expect(await screen.findByTestId('oidc-github-note')).toBeTruthy();
    expect(screen.queryByLabelText('Issuer URL')).toBeNull();
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'Iv1.abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      siteId: 1,
      kind: 'github',
      name: 'GitHub',
      slug: 'github',
      clientId: 'Iv1.abc',
      scopes: 'read:user user:email',
      enabled: true,
      position: 0,
    });
  });
});
