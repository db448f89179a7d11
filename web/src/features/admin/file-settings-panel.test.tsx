import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { FileSettingsPanel } from './file-settings-panel';

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

describe('console storage quotas', () => {
  it('shows both quotas under their names and edits them in the contract form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        expect(String(input)).toContain('/admin/files/settings');
        return ok({ userQuotaMb: 1024, guestQuotaMb: 50 });
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <FileSettingsPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Storage quota per account (MB)')).toBeTruthy();
    expect(screen.getByText('Storage quota per guest (MB)')).toBeTruthy();
    expect(screen.getByText('1024')).toBeTruthy();
    expect(screen.getByText('50')).toBeTruthy();
    const edit = screen.getByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(edit);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
