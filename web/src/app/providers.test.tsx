import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyToasts, notify, setNotifier } from '../lib/notify';
import { Providers } from './providers';

afterEach(() => {
  cleanup();
  setNotifier(null);
});

describe('the providers', () => {
  it("load antd's message API with the first toast and show that toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    holdEarlyToasts();
    render(
      <Providers>
        <p>screen</p>
      </Providers>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
    act(() => notify.error('The call failed'));
    expect(await screen.findByText('The call failed')).toBeTruthy();
    act(() => notify.success('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
